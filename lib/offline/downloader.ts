import { fetchSignedChapterText } from '../api/chapters';
import { toParagraphs } from '../chapterText';
import { partAudioUrl } from '../player/browser';
import { planAudioParts } from '../player/parts';
import { readToken } from '../storage';
import { DOWNLOADS_PAGE, KEPT_AUDIO_CACHE, KEPT_PAGES_CACHE } from './constants';
import { keptAudioKey, keptChapterDataKey, keptPageKey } from './keys';
import type { PlannedChapter } from './planner';
import { keepChapter } from './store';

export interface DownloadStory {
  storyId: string;
  slug: string;
  title: string;
  author: string;
}

export interface DownloadOptions {
  /** Download the server's audio parts too, in this server voice (null: the server's default). */
  audio: { voice: string | null } | null;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadProgress {
  /** 0…1 over the whole download. */
  fraction: number;
  /** Chapters kept so far. */
  done: number;
  total: number;
  /** The chapter being downloaded. */
  current: number | null;
  bytes: number;
}

export interface DownloadResult {
  kept: number[];
  /** Chapters that could not be downloaded, each with a Vietnamese reason. */
  failed: { index: number; reason: string }[];
  bytes: number;
  aborted: boolean;
}

const REASONS = {
  vip: 'chương VIP, chỉ dành cho thành viên VIP',
  network: 'mất kết nối hoặc máy chủ không trả lời',
  audio: 'không tải được âm thanh',
} as const;

/** Waits for the server audio when it is busy (503 with Retry-After), a few times. */
const AUDIO_ATTEMPTS = 5;
const MAX_AUDIO_WAIT_MS = 10_000;

function buildId(): string | null {
  const data = (window as unknown as { __NEXT_DATA__?: { buildId?: string } }).__NEXT_DATA__;
  return data?.buildId ?? null;
}

async function sizeOf(response: Response): Promise<number> {
  return (await response.clone().blob()).size;
}

/** Fetches a same-site page or data file and keeps a copy under `key`; its size, or 0 when it failed. */
async function keepCopy(cache: Cache, url: string, key: string, signal?: AbortSignal): Promise<number> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) return 0;
  const bytes = await sizeOf(response);
  await cache.put(key, response);
  return bytes;
}

async function fetchAudioPart(url: string, signal?: AbortSignal): Promise<Response> {
  const token = readToken();
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
    if (response.status === 503 && attempt < AUDIO_ATTEMPTS) {
      const wait = Math.min(MAX_AUDIO_WAIT_MS, Number(response.headers.get('Retry-After') ?? 1) * 1000);
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (!response.ok) throw new Error(`Audio part answered ${response.status}`);
    return response;
  }
}

/**
 * Downloads planned chapters one after another: the text (signed, as the page asks for it), the
 * chapter page and its data (so it opens offline, also after an update of the site), and the
 * server's audio parts when asked; then records the chapter as kept. A chapter that fails is
 * reported and the next one tried.
 */
export async function downloadChapters(story: DownloadStory, chapters: PlannedChapter[], options: DownloadOptions): Promise<DownloadResult> {
  const result: DownloadResult = { kept: [], failed: [], bytes: 0, aborted: false };
  const [pages, audioCache] = await Promise.all([caches.open(KEPT_PAGES_CACHE), caches.open(KEPT_AUDIO_CACHE)]);
  const report = (done: number, within: number, current: number | null) =>
    options.onProgress?.({ fraction: Math.min(1, (done + within) / chapters.length), done, total: chapters.length, current, bytes: result.bytes });
  const build = buildId();

  // The downloads page opens offline too (the service worker answers /user?tab=… with it).
  await keepCopy(pages, DOWNLOADS_PAGE, '/user', options.signal).catch(() => 0);

  for (const [position, chapter] of chapters.entries()) {
    if (options.signal?.aborted) {
      result.aborted = true;
      break;
    }
    report(position, 0, chapter.index);
    try {
      const text = await fetchSignedChapterText(story.storyId, chapter.index);
      if ('failed' in text) {
        result.failed.push({ index: chapter.index, reason: text.failed === 403 ? REASONS.vip : REASONS.network });
        continue;
      }
      let bytes = text.message.length * 2;
      const page = keptPageKey(story.slug, chapter.index);
      bytes += await keepCopy(pages, page, page, options.signal);
      if (build) bytes += await keepCopy(pages, `/_next/data/${build}${page}.json`, keptChapterDataKey(story.slug, chapter.index), options.signal);
      report(position, 0.2, chapter.index);

      let audio: { voice: string | null; parts: number } | null = null;
      if (options.audio) {
        const parts = planAudioParts(toParagraphs(text.message));
        for (const part of parts) {
          const url = new URL(partAudioUrl(story.storyId, chapter.index, part.part, options.audio.voice, false), window.location.href);
          const response = await fetchAudioPart(url.href, options.signal);
          bytes += await sizeOf(response);
          await audioCache.put(keptAudioKey(url), response);
          report(position, 0.2 + (0.8 * (part.part + 1)) / parts.length, chapter.index);
        }
        audio = { voice: options.audio.voice, parts: parts.length };
      }

      await keepChapter({
        storyId: story.storyId,
        slug: story.slug,
        storyTitle: story.title,
        author: story.author,
        index: chapter.index,
        title: chapter.title,
        vip: chapter.vip,
        text: text.message,
        audio,
        bytes,
        savedAt: Date.now(),
      });
      result.kept.push(chapter.index);
      result.bytes += bytes;
    } catch (error) {
      if (options.signal?.aborted) {
        result.aborted = true;
        break;
      }
      const audioFailed = error instanceof Error && error.message.startsWith('Audio part');
      result.failed.push({ index: chapter.index, reason: audioFailed ? REASONS.audio : REASONS.network });
    }
  }
  report(result.kept.length + result.failed.length, 0, null);
  return result;
}
