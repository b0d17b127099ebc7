import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { planAudioParts, type AudioPart } from '@/lib/player/parts';
import { NO_PAUSES, type Pauses } from '@/lib/player/pauses';
import { applyReplacements, compileReplacements, encodeReplacements, type WireReplacements } from '@/lib/player/replacements';
import { splitSentences } from '@/lib/player/sentences';
import { SPEECH_TEXT_VERSION, toSpeechSegments } from '@/lib/text/speechSegments';
import { notFound } from '@/server/http/errors';
import { logger } from '@/server/logger';
import { DiskCache, type CacheEntry } from '@/server/tts/diskCache';
import { engineId, renderPartAudio } from '@/server/tts/engine';
import { espeakSpeed, FOREIGN_VOICE } from '@/server/tts/espeakArguments';
import { addressReadersSetting, ttsSettings } from '@/server/env';
import type { Claimant } from '@/server/http/workLimiter';
import { SynthQueue, type RenderPriority } from '@/server/tts/queue';

/** Pause after each paragraph, on top of the voice's own trailing silence. */
export const PARAGRAPH_PAUSE_S = 0.35;
const QUEUE_WAIT_MS = 20_000;
const RETRY_AFTER_S = 10;

/** A chapter as the server reads it: its heading and the paragraphs the reader sees. */
export interface ChapterSpeech {
  storyId: number;
  index: number;
  title: string;
  paragraphs: string[];
  /** The listener's replacements that apply to this chapter (null: none). */
  replacements?: WireReplacements | null;
  /** Rests the listener asked for after sentences and paragraphs, rendered as silence. */
  pauses?: Pauses;
}

export interface PartMeta extends AudioPart {
  /** Seconds of each paragraph of the part (the title's for the title part). */
  paragraphSeconds: number[];
  seconds: number;
}

export interface ChapterMeta {
  parts: { part: number; seconds: number }[];
}

export interface VoiceChoice {
  voice: string;
  /** Whose request this is (server/http/reader.ts; a bare key is a reader of its own), for the queue's fairness. */
  reader: string | Claimant;
  priority: RenderPriority;
}

let cache: DiskCache<PartMeta | ChapterMeta> | undefined;
let queue: SynthQueue | undefined;
const inFlight = new Map<string, Promise<CacheEntry<PartMeta>>>();

function audioCache(): DiskCache<PartMeta | ChapterMeta> {
  const config = ttsSettings();
  cache ??= new DiskCache(config.cacheDir, config.TTS_CACHE_MAX_MB * 1024 * 1024);
  return cache;
}

export function synthQueue(): SynthQueue {
  const config = ttsSettings();
  queue ??= new SynthQueue({
    concurrency: config.TTS_WORKERS,
    maxQueued: config.TTS_QUEUE_MAX,
    perReader: config.TTS_QUEUE_PER_READER,
    addressReaders: addressReadersSetting(),
    maxWaitMs: QUEUE_WAIT_MS,
    retryAfterSeconds: RETRY_AFTER_S,
  });
  return queue;
}

/** Replaces the cache and queue (tests that change the configuration). */
export function resetChapterAudio(next: { queue?: SynthQueue } = {}): void {
  cache = undefined;
  queue = next.queue;
}

/** Hits, misses and evictions of the cache; renders running, waiting and refused. */
export function ttsStats() {
  return { cache: audioCache().stats(), queue: synthQueue().stats() };
}

function sha256(parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex').slice(0, 32);
}

/**
 * The cache name's start: a part's other versions (text edited, another engine) share it and are
 * removed when it is rendered anew. A listener's own replacements and rests give a name of their
 * own, so listeners with different lists do not remove each other's audio.
 */
function chapterPrefix(chapter: ChapterSpeech, voice: string): string {
  const base = `story-${chapter.storyId}-chapter-${chapter.index}-${voice}`;
  const pauses = chapter.pauses ?? NO_PAUSES;
  const own = [chapter.replacements ? encodeReplacements(chapter.replacements) : '', pauses.sentence > 0 || pauses.paragraph > 0 ? `${pauses.sentence}-${pauses.paragraph}` : ''];
  return own.some(Boolean) ? `${base}-${sha256(own).slice(0, 12)}` : base;
}

/**
 * What a part says, as the synthesizer gets it: the listener's replacements applied, and with a
 * rest after sentences each sentence on its own, with the silence due after it. `paragraphOf`
 * maps each piece back to the part's paragraph it belongs to.
 */
export function partSpeech(chapter: ChapterSpeech, plan: AudioPart) {
  const compiled = chapter.replacements ? compileReplacements(chapter.replacements.entries, chapter.replacements.pause) : null;
  const say = (text: string) => (compiled ? applyReplacements(text, compiled) : text);
  const pauses = chapter.pauses ?? NO_PAUSES;
  const paragraphs = plan.title ? [chapter.title] : chapter.paragraphs.slice(plan.from, plan.to);
  const pieces: string[] = [];
  const rests: number[] = [];
  const paragraphOf: number[] = [];
  paragraphs.forEach((paragraph, index) => {
    const spoken = say(paragraph);
    const sentences = pauses.sentence > 0 ? splitSentences(spoken) : [spoken];
    if (sentences.length === 0) sentences.push(spoken);
    sentences.forEach((sentence, position) => {
      const last = position === sentences.length - 1;
      pieces.push(sentence);
      rests.push(last ? PARAGRAPH_PAUSE_S + Math.max(pauses.paragraph, pauses.sentence) : pauses.sentence);
      paragraphOf.push(index);
    });
  });
  return { pieces, rests, paragraphOf, paragraphCount: paragraphs.length };
}

export function chapterParts(chapter: ChapterSpeech): AudioPart[] {
  return planAudioParts(chapter.paragraphs);
}

function partPlan(chapter: ChapterSpeech, part: number): AudioPart {
  const found = chapterParts(chapter)[part];
  if (!found) throw notFound('Không có phần âm thanh này trong chương.');
  return found;
}

/**
 * The engine's input for a part and the cache name it gets: a hash of everything that shapes the
 * sound, the version of the text's reading and each segment's language included.
 */
function partJob(chapter: ChapterSpeech, plan: AudioPart, voice: string) {
  const config = ttsSettings();
  const speech = partSpeech(chapter, plan);
  const texts = speech.pieces.map(toSpeechSegments);
  const wordsPerMinute = espeakSpeed(config.TTS_RATE);
  const hash = sha256([
    engineId(),
    voice,
    FOREIGN_VOICE,
    `speech-text-${SPEECH_TEXT_VERSION}`,
    String(wordsPerMinute),
    String(config.TTS_MP3_KBPS),
    String(PARAGRAPH_PAUSE_S),
    // Rests beyond the paragraph's usual one name the audio apart (the usual audio keeps its name).
    ...(speech.rests.some((rest, index) => rest !== (speech.paragraphOf[index + 1] === speech.paragraphOf[index] ? 0 : PARAGRAPH_PAUSE_S)) ? [speech.rests.join(',')] : []),
    ...texts.map((segments) => JSON.stringify(segments)),
  ]);
  const prefix = `${chapterPrefix(chapter, voice)}.p${plan.part}.`;
  return { texts, speech, wordsPerMinute, kbps: config.TTS_MP3_KBPS, prefix, name: prefix + hash };
}

/** A part's audio when it is already cached; never renders. */
export async function findPartAudio(chapter: ChapterSpeech, part: number, voice: string): Promise<CacheEntry<PartMeta> | undefined> {
  const { name } = partJob(chapter, partPlan(chapter, part), voice);
  return (await audioCache().get(name)) as CacheEntry<PartMeta> | undefined;
}

/** A part's audio, rendered through the queue on a miss; concurrent requests share one render. */
export async function partAudio(chapter: ChapterSpeech, part: number, choice: VoiceChoice): Promise<CacheEntry<PartMeta>> {
  const plan = partPlan(chapter, part);
  const job = partJob(chapter, plan, choice.voice);
  const cached = (await audioCache().get(job.name)) as CacheEntry<PartMeta> | undefined;
  if (cached) return cached;
  let pending = inFlight.get(job.name);
  if (!pending) {
    pending = synthQueue()
      .run(choice.reader, choice.priority, () => renderAndStore(plan, job, choice.voice))
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, pending);
  }
  return pending;
}

async function renderAndStore(plan: AudioPart, job: ReturnType<typeof partJob>, voice: string): Promise<CacheEntry<PartMeta>> {
  const started = performance.now();
  const rendered = await renderPartAudio({
    paragraphs: job.texts,
    voice,
    foreignVoice: FOREIGN_VOICE,
    wordsPerMinute: job.wordsPerMinute,
    kbps: job.kbps,
    pauseSeconds: PARAGRAPH_PAUSE_S,
    pauses: job.speech.rests,
  });
  // Sentences rendered apart are summed back into their paragraphs.
  const paragraphSeconds = Array.from({ length: job.speech.paragraphCount }, () => 0);
  rendered.paragraphSeconds.forEach((value, piece) => (paragraphSeconds[job.speech.paragraphOf[piece]] += value));
  const seconds = paragraphSeconds.reduce((sum, value) => sum + value, 0);
  const entry = (await audioCache().put(job.name, rendered.mp3, { ...plan, paragraphSeconds, seconds })) as CacheEntry<PartMeta>;
  await audioCache().removeOthers(job.prefix, job.name);
  logger.debug(
    { name: job.name, seconds, synthMs: Math.round(rendered.synthMs), encodeMs: Math.round(rendered.encodeMs), totalMs: Math.round(performance.now() - started) },
    'audio part rendered',
  );
  return entry;
}

function chapterName(chapter: ChapterSpeech, voice: string) {
  const names = chapterParts(chapter).map((plan) => partJob(chapter, plan, voice).name);
  const prefix = `${chapterPrefix(chapter, voice)}.all.`;
  return { prefix, name: prefix + sha256(names) };
}

/** The whole chapter's MP3 when it is already cached; never renders. */
export async function findChapterAudio(chapter: ChapterSpeech, voice: string): Promise<CacheEntry<ChapterMeta> | undefined> {
  return (await audioCache().get(chapterName(chapter, voice).name)) as CacheEntry<ChapterMeta> | undefined;
}

/** The whole chapter as one MP3, built from its parts (for offline listening). */
export async function chapterAudio(chapter: ChapterSpeech, choice: VoiceChoice): Promise<CacheEntry<ChapterMeta>> {
  const plans = chapterParts(chapter);
  const { prefix, name } = chapterName(chapter, choice.voice);
  const cached = (await audioCache().get(name)) as CacheEntry<ChapterMeta> | undefined;
  if (cached) return cached;
  const pieces: Buffer[] = [];
  const parts: ChapterMeta['parts'] = [];
  for (const plan of plans) {
    const entry = await partAudio(chapter, plan.part, choice);
    // MP3 frames of one rate and bitrate follow one another as one stream.
    pieces.push(await readFile(entry.path));
    parts.push({ part: plan.part, seconds: entry.meta.seconds });
  }
  const entry = (await audioCache().put(name, Buffer.concat(pieces), { parts })) as CacheEntry<ChapterMeta>;
  await audioCache().removeOthers(prefix, name);
  return entry;
}
