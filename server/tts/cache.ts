import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '@/server/logger';
import { ttsConfig } from '@/server/tts/config';
import { renderChapterAudio, resolveRenderOptions, type RenderOptions } from '@/server/tts/render';

export interface ChapterAudioFile {
  path: string;
  size: number;
}

export interface AudioCacheOptions extends RenderOptions {
  /** Cache directory; TTS_CACHE_DIR by default. */
  dir?: string;
}

/** Renders in flight in this process, by file, so that concurrent requests share one render. */
const inFlight = new Map<string, Promise<ChapterAudioFile>>();

function sha256(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

/** A readable, collision-free file prefix for a caller's key such as "story-12-chapter-3". */
function keyPrefix(key: string): string {
  const readable = key.replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 80);
  return `${readable}-${sha256(key).slice(0, 8)}`;
}

/**
 * The cached MP3 of a chapter, rendering it on first request. The file name carries a hash of
 * engine, voice, rate, bitrate and text, so edited text or another voice never reuses old audio;
 * the older versions of the same key are removed once a new one is written.
 */
export async function getOrRenderChapterAudio(
  key: string,
  paragraphs: string[],
  opts: AudioCacheOptions = {},
): Promise<ChapterAudioFile> {
  const { resolved, dir, prefix, file } = cacheLocation(key, paragraphs, opts);
  const existing = await statFile(file);
  if (existing) return existing;

  let pending = inFlight.get(file);
  if (!pending) {
    pending = renderToFile(file, dir, prefix, paragraphs, resolved).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

function cacheLocation(key: string, paragraphs: string[], opts: AudioCacheOptions) {
  const resolved = resolveRenderOptions(opts);
  const dir = opts.dir ? path.resolve(opts.dir) : ttsConfig().cacheDir;
  const prefix = keyPrefix(key);
  const contentHash = sha256(
    resolved.engine.id,
    resolved.voice,
    String(resolved.rate),
    String(resolved.kbps),
    ...paragraphs,
  ).slice(0, 32);
  return { resolved, dir, prefix, file: path.join(dir, `${prefix}.${contentHash}.mp3`) };
}

/** The chapter's audio when it is already cached (no render): lets callers limit only renders. */
export async function findCachedChapterAudio(key: string, paragraphs: string[], opts: AudioCacheOptions = {}): Promise<ChapterAudioFile | undefined> {
  return statFile(cacheLocation(key, paragraphs, opts).file);
}

async function statFile(file: string): Promise<ChapterAudioFile | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? { path: file, size: info.size } : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function renderToFile(
  file: string,
  dir: string,
  prefix: string,
  paragraphs: string[],
  opts: RenderOptions,
): Promise<ChapterAudioFile> {
  const mp3 = await renderChapterAudio(paragraphs, opts);
  await mkdir(dir, { recursive: true });
  // Written beside the target and renamed, so a reader never sees a partial file.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, mp3);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await removeOlderVersions(dir, prefix, path.basename(file));
  return { path: file, size: mp3.length };
}

async function removeOlderVersions(dir: string, prefix: string, current: string): Promise<void> {
  const names = await readdir(dir);
  const stale = names.filter((name) => name.startsWith(`${prefix}.`) && name.endsWith('.mp3') && name !== current);
  await Promise.all(
    stale.map((name) =>
      rm(path.join(dir, name), { force: true }).catch((error: unknown) =>
        logger.warn({ err: error, file: name }, 'could not remove stale chapter audio'),
      ),
    ),
  );
}
