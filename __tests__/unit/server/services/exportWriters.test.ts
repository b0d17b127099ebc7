import { PassThrough, Writable } from 'node:stream';
import type { BookInfo, ChapterText } from '@/server/services/export/book';
import { isAbort, writeEpub, writeTxt } from '@/server/services/export/writers';

const CHAPTERS = 40;
const SYLLABLES = ['lâm', 'uyên', 'bước', 'vào', 'sơn', 'môn', 'gió', 'lạnh', 'thổi', 'qua', 'từng', 'bậc', 'đá', 'kiếm', 'quang', 'tuyết'];

/** Text that compresses about as little as prose does, so the archive is as large as a real one. */
function paragraph(seed: number): string {
  let state = seed;
  const words: string[] = [];
  for (let i = 0; i < 400; i += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    words.push(SYLLABLES[(state >>> 16) % SYLLABLES.length]);
  }
  return words.join(' ');
}

const book: BookInfo = {
  title: 'Truyện Thử Ghi',
  author: 'Tác Giả',
  description: 'Giới thiệu.',
  storyUrl: 'http://127.0.0.1:3000/truyen-thu-ghi',
  sourceUrl: null,
  siteName: 'Truyện Audio',
  range: { from: 1, to: CHAPTERS },
  date: new Date('2026-01-02T03:04:05Z'),
  notes: [],
  chapters: Array.from({ length: CHAPTERS }, (_, i) => ({ index: i + 1, title: `Hồi ${i + 1}` })),
  identifier: 'urn:uuid:00000000-0000-5000-8000-000000000000',
};

async function* texts(): AsyncIterable<ChapterText> {
  for (const chapter of book.chapters) yield { ...chapter, content: Array.from({ length: 6 }, (_, i) => paragraph(chapter.index * 10 + i)).join('\n') };
}

/** A receiver that takes nothing: every write past its small buffer waits for a drain that never comes. */
const stalled = () => new Writable({ highWaterMark: 1024, write: () => undefined });

type Writer = (out: Writable, signal: AbortSignal) => Promise<void>;
/** Each format, and how a whole file of it ends: the last chapter, or the archive's closing record. */
const writers: [string, Writer, (file: Buffer) => boolean][] = [
  ['TXT', (out, signal) => writeTxt(out, book, texts(), 'lf', { signal }), (file) => file.toString('utf8').includes(`Chương ${CHAPTERS}: Hồi ${CHAPTERS}`)],
  ['EPUB', (out, signal) => writeEpub(out, book, texts(), { signal }), (file) => file.subarray(-22, -18).equals(Buffer.from([0x50, 0x4b, 0x05, 0x06]))],
];

describe.each(writers)('%s writer', (_, write, isWhole) => {
  it('stops with the abort when a stalled receiver goes away, holding nothing', async () => {
    const out = stalled();
    const aborted = new AbortController();
    const writing = write(out, aborted.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    aborted.abort();
    const error = await writing.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isAbort(error)).toBe(true);
  });

  it('does not wait for a finish that never comes when the receiver closes early', async () => {
    let taken = 0;
    const aborted = new AbortController();
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        taken += chunk.length;
        // The phone drops the connection part-way: the response closes, as it does in Node.
        if (taken > 40_000) {
          this.destroy();
          aborted.abort();
        } else done();
      },
    });
    const settled = await write(out, aborted.signal).then(
      () => 'finished',
      (reason: unknown) => (isAbort(reason) ? 'aborted' : 'failed'),
    );
    expect(settled).not.toBe('finished');
  });

  it('writes the whole file to a receiver that reads it', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await write(out, new AbortController().signal);
    expect(isWhole(Buffer.concat(chunks))).toBe(true);
  });
});
