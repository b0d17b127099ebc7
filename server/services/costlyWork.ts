import type { IncomingMessage } from 'node:http';
import type { Database } from '../db/client';
import { env } from '../env';
import { apiAdmission } from '../http/admission';
import { claimantOf, readerOf } from '../http/reader';
import type { ChapterRef, EmbeddedChapterLoader } from './chapters';
import { loadEmbeddedChapter, loadFromOtherSource } from './embedding/chapterLoader';
import { enforceReaderLimit, type RateLimitRule } from './rateLimit';
import { WorkLimiter, type Claimant } from '../http/workLimiter';

/**
 * Limits on the work a reader can make the server do: rendering a chapter's audio and fetching an
 * embedded chapter live from its source. Each reader (account, else device, within its address's
 * ceiling: server/http/reader.ts) gets a share per window (429 beyond), and the process runs a
 * bounded number at once, shared fairly between readers (503 beyond).
 * Cached audio and stored chapters cost nothing and are not limited.
 */
export const AUDIO_RENDER_RULE: RateLimitRule = { limit: 12, windowMs: 10 * 60_000 };
export const LIVE_FETCH_RULE: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };
/** Parts of a chapter's audio (about a minute of speech each): a share of a dozen long chapters. */
export const AUDIO_PART_RULE: RateLimitRule = { limit: 240, windowMs: 10 * 60_000 };

const RETRY_AFTER_S = 10;

type ClientRequest = Pick<IncomingMessage, 'headers'> & { socket?: Pick<IncomingMessage['socket'], 'remoteAddress'> };

export interface WorkLimiters {
  audio: WorkLimiter;
  liveFetch: WorkLimiter;
}

let limiters: WorkLimiters | undefined;

/**
 * `queuePerSlot`: how many may wait per running slot before the next is refused at once; a
 * reader may have two waiting, an address `addressReaders` readers' worth.
 */
export function createWorkLimiters(audioConcurrency: number, fetchConcurrency: number, queuePerSlot = 2, addressReaders = env().ADDRESS_READERS): WorkLimiters {
  const fair = { perReader: 2, addressReaders };
  return {
    audio: new WorkLimiter({
      ...fair,
      concurrency: audioConcurrency,
      queue: audioConcurrency * queuePerSlot,
      maxWaitMs: 20_000,
      message: 'Máy chủ đang bận tạo âm thanh cho nhiều người nghe, vui lòng thử lại sau ít giây.',
      retryAfterSeconds: RETRY_AFTER_S,
    }),
    liveFetch: new WorkLimiter({
      ...fair,
      concurrency: fetchConcurrency,
      queue: fetchConcurrency * queuePerSlot,
      maxWaitMs: 15_000,
      message: 'Máy chủ đang bận tải chương từ trang nguồn, vui lòng thử lại sau ít giây.',
      retryAfterSeconds: RETRY_AFTER_S,
    }),
  };
}

export function workLimiters(): WorkLimiters {
  limiters ??= createWorkLimiters(env().AUDIO_RENDER_CONCURRENCY, env().EMBED_FETCH_CONCURRENCY);
  return limiters;
}

/** Replaces the process's limiters (tests that need a small cap). */
export function setWorkLimiters(next: WorkLimiters | undefined): void {
  limiters = next;
}

const AUDIO_TOO_MANY = 'Bạn đã yêu cầu tạo âm thanh cho quá nhiều chương trong thời gian ngắn.';

/** Renders a chapter's audio within the reader's share and the process's cap. */
export async function limitedAudioRender<T>(database: Database, req: ClientRequest, userId: string | null | undefined, render: (reader: Claimant) => Promise<T>): Promise<T> {
  const reader = readerOf(req, userId);
  await enforceReaderLimit(database, 'audio-render', reader, AUDIO_RENDER_RULE, AUDIO_TOO_MANY);
  const claimant = claimantOf(reader);
  return workLimiters().audio.run(() => render(claimant), claimant);
}

/**
 * Renders a part of a chapter's audio within the reader's share; the process's cap and the
 * fairness between readers are the TTS synthesis queue's, which `render` is given the reader for.
 */
export async function limitedAudioPart<T>(database: Database, req: ClientRequest, userId: string | null | undefined, render: (reader: Claimant) => Promise<T>): Promise<T> {
  const reader = readerOf(req, userId);
  await enforceReaderLimit(database, 'audio-part', reader, AUDIO_PART_RULE, AUDIO_TOO_MANY);
  return render(claimantOf(reader));
}

/**
 * The `loadEmbedded` option of readChapter for this reader: embedded chapters fetched live from
 * their source within their share and the process's cap.
 */
export function limitedEmbeddedLoader(database: Database, req: ClientRequest, userId: string | null | undefined): EmbeddedChapterLoader {
  return async (ref) => {
    const reader = readerOf(req, userId);
    await enforceReaderLimit(database, 'live-fetch', reader, LIVE_FETCH_RULE, 'Bạn đã mở quá nhiều chương mới từ trang nguồn trong thời gian ngắn.');
    // The wait for the source site is not the API's: the request gives its turn back meanwhile.
    return apiAdmission().outsideTurn(() => workLimiters().liveFetch.run(() => loadEmbeddedChapter(database, ref), claimantOf(reader)));
  };
}

/** Changes of source a reader asks for ("Đổi nguồn"): each reads up to three sources' pages. */
export const SOURCE_SWITCH_RULE: RateLimitRule = { limit: 10, windowMs: 10 * 60_000 };

/**
 * "Đổi nguồn" for this reader: the chapter read from another of the story's sources, counted as
 * a live fetch (its share and the process's cap) and within SOURCE_SWITCH_RULE.
 */
export async function limitedSourceSwitch(database: Database, req: ClientRequest, userId: string | null | undefined, ref: ChapterRef) {
  const reader = readerOf(req, userId);
  await enforceReaderLimit(database, 'source-switch', reader, SOURCE_SWITCH_RULE, 'Bạn đã đổi nguồn quá nhiều lần trong thời gian ngắn.');
  await enforceReaderLimit(database, 'live-fetch', reader, LIVE_FETCH_RULE, 'Bạn đã mở quá nhiều chương mới từ trang nguồn trong thời gian ngắn.');
  return apiAdmission().outsideTurn(() => workLimiters().liveFetch.run(() => loadFromOtherSource(database, ref), claimantOf(reader)));
}
