import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { logger } from '@/server/logger';

/**
 * Rendered audio on local disk, shared by every process of the machine and kept across restarts.
 * An entry is an MP3 file and a small JSON file of its facts beside it, written under temporary
 * names and renamed, so a reader never sees half a file. A hit touches the file's modification
 * time; when the directory grows past its cap, the entries least recently used are removed until
 * it is under 90 % of the cap. Each process counts what it writes and scans the directory when
 * its count passes the cap (and at its first write), so several processes keep one cap.
 */
export interface CacheEntry<Meta> {
  path: string;
  size: number;
  meta: Meta;
}

export interface DiskCacheStats {
  hits: number;
  misses: number;
  writes: number;
  evicted: number;
  /** Bytes in the directory at the last scan plus what this process wrote since. */
  bytes: number;
  maxBytes: number;
}

const AUDIO = '.mp3';
const META = '.json';
const LOW_WATER = 0.9;

export class DiskCache<Meta> {
  private estimate: number | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly counts = { hits: 0, misses: 0, writes: 0, evicted: 0 };

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  stats(): DiskCacheStats {
    return { ...this.counts, bytes: this.estimate ?? 0, maxBytes: this.maxBytes };
  }

  /** The entry under `name` (a file name without extension), touched as used; undefined when absent. */
  async get(name: string): Promise<CacheEntry<Meta> | undefined> {
    const file = path.join(this.dir, name + AUDIO);
    try {
      const [info, meta] = await Promise.all([stat(file), readFile(path.join(this.dir, name + META), 'utf8')]);
      const now = new Date();
      await utimes(file, now, now).catch(() => undefined);
      this.counts.hits += 1;
      return { path: file, size: info.size, meta: JSON.parse(meta) as Meta };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
      this.counts.misses += 1;
      return undefined;
    }
  }

  async put(name: string, audio: Uint8Array, meta: Meta): Promise<CacheEntry<Meta>> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, name + AUDIO);
    const suffix = `.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const metaFile = path.join(this.dir, name + META);
    try {
      // The facts first: an audio file is only ever visible with its facts beside it.
      await writeFile(metaFile + suffix, JSON.stringify(meta));
      await rename(metaFile + suffix, metaFile);
      await writeFile(file + suffix, audio);
      await rename(file + suffix, file);
    } catch (error) {
      await Promise.all([rm(file + suffix, { force: true }), rm(metaFile + suffix, { force: true })]);
      throw error;
    }
    this.counts.writes += 1;
    const first = this.estimate === null;
    this.estimate = (this.estimate ?? 0) + audio.length;
    if (first || this.estimate > this.maxBytes) void this.sweep();
    return { path: file, size: audio.length, meta };
  }

  /** Removes other versions of an entry: names that start with `prefix` other than `keep`. */
  async removeOthers(prefix: string, keep: string): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const stale = names.filter((name) => name.startsWith(prefix) && name.endsWith(AUDIO) && name !== keep + AUDIO);
    await Promise.all(stale.map((name) => this.remove(name.slice(0, -AUDIO.length))));
  }

  /** Scans the directory and evicts the least recently used entries past the cap. */
  sweep(): Promise<void> {
    this.sweeping ??= this.evict().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async evict(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const entries: { name: string; size: number; used: number }[] = [];
    await Promise.all(
      names
        .filter((name) => name.endsWith(AUDIO))
        .map(async (name) => {
          const info = await stat(path.join(this.dir, name)).catch(() => null);
          if (info) entries.push({ name: name.slice(0, -AUDIO.length), size: info.size, used: info.mtimeMs });
        }),
    );
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    if (total > this.maxBytes) {
      entries.sort((a, b) => a.used - b.used);
      for (const entry of entries) {
        if (total <= this.maxBytes * LOW_WATER) break;
        await this.remove(entry.name);
        total -= entry.size;
        this.counts.evicted += 1;
      }
      logger.info({ dir: this.dir, bytes: total, evicted: this.counts.evicted }, 'audio cache trimmed');
    }
    this.estimate = total;
  }

  private async remove(name: string): Promise<void> {
    await Promise.all([
      rm(path.join(this.dir, name + AUDIO), { force: true }),
      rm(path.join(this.dir, name + META), { force: true }),
    ]).catch((error: unknown) => logger.warn({ err: error, name }, 'could not remove cached audio'));
  }
}
