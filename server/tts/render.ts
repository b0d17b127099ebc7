import { splitSpeechChunks, toSpeechText } from '@/lib/text/speechText';
import { ttsConfig } from '@/server/tts/config';
import { getTtsEngine } from '@/server/tts/engine';
import { Mp3StreamEncoder } from '@/server/tts/mp3';
import type { TtsEngine } from '@/server/tts/types';

/** Pause between paragraphs, on top of the engine's own trailing silence. */
const PARAGRAPH_PAUSE_S = 0.35;
/** Paragraphs longer than this are synthesized in pieces, to bound each engine call. */
const MAX_SYNTHESIS_CHARS = 1000;
/** A chapter without speakable text still yields valid audio: this much silence. */
const EMPTY_AUDIO_S = 0.5;
const FALLBACK_SAMPLE_RATE = 22050;

export interface RenderOptions {
  engine?: TtsEngine;
  voice?: string;
  rate?: number;
  kbps?: number;
}

export interface ResolvedRenderOptions {
  engine: TtsEngine;
  voice: string;
  rate: number;
  kbps: number;
}

/** Fills the options from configuration: engine, voice, rate and bitrate. */
export function resolveRenderOptions(opts: RenderOptions = {}): ResolvedRenderOptions {
  const config = ttsConfig();
  return {
    engine: opts.engine ?? getTtsEngine(),
    voice: opts.voice ?? config.TTS_VOICE,
    rate: opts.rate ?? config.TTS_RATE,
    kbps: opts.kbps ?? config.TTS_MP3_KBPS,
  };
}

/**
 * Renders a chapter to MP3: each paragraph is prepared with toSpeechText, synthesized on its own
 * and encoded at once, so memory holds one paragraph of PCM and the MP3 so far.
 */
export async function renderChapterAudio(paragraphs: string[], opts: RenderOptions = {}): Promise<Buffer> {
  const { engine, voice, rate, kbps } = resolveRenderOptions(opts);
  let encoder: Mp3StreamEncoder | undefined;

  for (const paragraph of paragraphs) {
    const text = toSpeechText(paragraph);
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    for (const piece of splitSpeechChunks(text, MAX_SYNTHESIS_CHARS)) {
      const { pcm, sampleRate } = await engine.synthesize(piece, { voice, rate });
      if (!encoder) encoder = new Mp3StreamEncoder(sampleRate, kbps);
      else if (encoder.sampleRate !== sampleRate) {
        throw new Error(`Engine ${engine.id} changed sample rate from ${encoder.sampleRate} to ${sampleRate}`);
      }
      await encoder.writeYielding(pcm);
    }
    encoder?.writeSilence(PARAGRAPH_PAUSE_S);
  }

  if (!encoder) {
    encoder = new Mp3StreamEncoder(FALLBACK_SAMPLE_RATE, kbps);
    encoder.writeSilence(EMPTY_AUDIO_S);
  }
  return encoder.end();
}
