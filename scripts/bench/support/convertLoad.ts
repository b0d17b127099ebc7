import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadDictionaries } from '@/server/convert/qt/load';
import { createRng } from '../../../server/db/seed/random';

/** Sangtacviet-scale VietPhrase: 2,000,000 entries, about 77 MB. */
export const LARGE_ENTRIES = 2_000_000;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function heapAndBuffers(): number {
  collect();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * Writes a VietPhrase-like file of `count` lines (seeded random 2–6 character keys over common
 * characters, sangtacviet-like meanings with alternatives, some lines without "=") in `file`.
 */
async function writeLargeVietPhrase(file: string, count: number, alphabet: readonly string[]): Promise<void> {
  const next = createRng(count).next;
  const out = createWriteStream(file);
  let chunk = '';
  for (let line = 0; line < count; line++) {
    const length = 2 + Math.floor(next() * 5);
    let key = '';
    for (let i = 0; i < length; i++) key += alphabet[Math.floor(next() * alphabet.length)];
    chunk += line % 100_000 === 99_999 ? `${key} không có dấu bằng\r\n` : `${key}=nghĩa ${line}/cách khác\r\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((resolve) => out.once('finish', () => resolve()));
}

/** Load time and memory of a generated sangtacviet-scale VietPhrase, loaded as the site loads it. */
export async function largeDictionaryLoad(alphabet: readonly string[]): Promise<Record<string, number>> {
  const directory = mkdtempSync(path.join(tmpdir(), 'convert-bench-'));
  const file = path.join(directory, 'VietPhrase.txt');
  try {
    await writeLargeVietPhrase(file, LARGE_ENTRIES, alphabet);
    const before = heapAndBuffers();
    const rssBefore = process.memoryUsage().rss;
    const { dictionaries, report } = await loadDictionaries({ vietPhrase: [file], names: [] });
    const after = heapAndBuffers();
    return {
      largeVietPhraseFileMB: Math.round(statSync(file).size / 2 ** 20),
      largeVietPhraseEntries: dictionaries.vietPhrase.size,
      largeVietPhraseSkippedLines: report.skipped,
      largeVietPhraseLoadMs: report.ms,
      largeVietPhraseHeapMB: Math.round((after - before) / 2 ** 20),
      largeVietPhraseRssGrowthMB: Math.round((process.memoryUsage().rss - rssBefore) / 2 ** 20),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
