import { logger } from '@/server/logger';
import { createEspeakBinaryEngine, findEspeakBinary } from '@/server/tts/espeakBinaryEngine';
import { espeakSpeed, FOREIGN_VOICE } from '@/server/tts/espeakArguments';
import { Mp3StreamEncoder } from '@/server/tts/mp3';
import { SynthPool, type PartJob, type RenderedPart, type SpokenParagraph } from '@/server/tts/workerPool';
import type { TtsEngine } from '@/server/tts/types';
import { ttsSettings } from '@/server/env';

/** Identifies the voice engine in cache keys, so audio of another engine is never reused. */
export const WASM_ENGINE_ID = 'espeak-ng-wasm-2';

let binary: TtsEngine | null | undefined;

/**
 * The process's one worker pool. Next bundles instrumentation.ts (which warms the pool at start)
 * apart from the API routes (which render with it), each with its own copy of this module, so the
 * pool is kept on the process's global object: the routes use the pool that was warmed.
 */
const POOL = Symbol.for('truyen-audio.synthPool');
const shared = globalThis as { [POOL]?: SynthPool };

/**
 * The system espeak-ng program when TTS_ENGINE asks for it and it is installed; null means the
 * default, the WebAssembly build in the warm worker pool.
 */
function binaryEngine(): TtsEngine | null {
  if (binary !== undefined) return binary;
  binary = null;
  if (ttsSettings().TTS_ENGINE === 'espeak-ng-binary') {
    const program = findEspeakBinary();
    if (program) binary = createEspeakBinaryEngine(program);
    else logger.warn('TTS_ENGINE=espeak-ng-binary but espeak-ng is not on PATH; using the WASM build');
  }
  return binary;
}

export function engineId(): string {
  return binaryEngine()?.id ?? WASM_ENGINE_ID;
}

export function synthPool(): SynthPool {
  shared[POOL] ??= new SynthPool(ttsSettings().TTS_WORKERS);
  return shared[POOL];
}

/** Starts the worker pool and warms its engines, so no listener pays for it. */
export async function warmTts(): Promise<void> {
  if (binaryEngine()) return;
  const started = performance.now();
  try {
    await synthPool().warm();
    logger.info({ workers: synthPool().size, ms: Math.round(performance.now() - started) }, 'TTS workers warm');
  } catch (error) {
    logger.warn({ err: error }, 'TTS workers could not start; the first audio request tries again');
  }
}

export async function closeTts(): Promise<void> {
  const pool = shared[POOL];
  shared[POOL] = undefined;
  await pool?.close();
}

/** Renders a part's paragraphs to MP3 with the configured engine. */
export function renderPartAudio(job: PartJob): Promise<RenderedPart> {
  const engine = binaryEngine();
  return engine ? renderWithProgram(engine, job) : synthPool().render(job);
}

const SPEAKABLE = /[\p{L}\p{N}]/u;

const segmentsOf = (paragraph: SpokenParagraph) => (typeof paragraph === 'string' ? [{ lang: 'vi' as const, text: paragraph }] : paragraph);

/** The system program speaks each segment of each paragraph in its language's voice; the MP3 is encoded here. */
async function renderWithProgram(engine: TtsEngine, job: PartJob): Promise<RenderedPart> {
  const rate = job.wordsPerMinute / espeakSpeed(1);
  let encoder: Mp3StreamEncoder | undefined;
  const paragraphSeconds: number[] = [];
  const synthStart = performance.now();
  for (const [index, paragraph] of job.paragraphs.entries()) {
    const segments = segmentsOf(paragraph).filter((segment) => SPEAKABLE.test(segment.text));
    if (segments.length === 0) {
      paragraphSeconds.push(0);
      continue;
    }
    const voiced = [];
    for (const { lang, text } of segments) {
      const voice = lang === 'en' ? (job.foreignVoice ?? FOREIGN_VOICE) : job.voice;
      voiced.push(await engine.synthesize(text.trim(), { voice, rate }));
    }
    encoder ??= await Mp3StreamEncoder.create(voiced[0].sampleRate, job.kbps);
    const before = encoder.duration;
    for (const { pcm } of voiced) await encoder.writeYielding(pcm);
    encoder.writeSilence(job.pauses?.[index] ?? job.pauseSeconds);
    paragraphSeconds.push(encoder.duration - before);
  }
  encoder ??= await Mp3StreamEncoder.create(22050, job.kbps);
  if (encoder.duration === 0) encoder.writeSilence(0.5);
  const mp3 = encoder.end();
  const ms = performance.now() - synthStart;
  return { mp3, paragraphSeconds, sampleRate: encoder.sampleRate, synthMs: ms, encodeMs: 0 };
}
