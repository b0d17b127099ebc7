/**
 * "Tải về": a chapter range as EPUB or TXT over real HTTP on a real database. VIP chapters only
 * for members (the file says what it left out), hidden stories refused, an embedded story's
 * chapters fetched from the fixture copy of its source first with progress, the reader's own
 * names applied as on the site, shares per reader with 429 + Retry-After, epubcheck's verdict,
 * and a 2,000-chapter book streamed by a process whose heap could not hold it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { testApiHandler } from 'next-test-api-route-handler';
import type { NextApiHandler } from 'next';
import type { EmbedResult } from '@/lib/api/embedding';
import type { PrepareEvent } from '@/lib/export';
import embedHandler from '@/pages/api/embedding/embed';
import namesHandler from '@/pages/api/embedding/names';
import fileHandler from '@/pages/api/export/file';
import prepareHandler from '@/pages/api/export/prepare';
import meHandler from '@/pages/api/user/me';
import { startFixtureServer, type FixtureServer } from '@/scripts/fixture-server';
import { main as exportCommand, parseExportArgs } from '@/scripts/export';
import { db } from '@/server/db/client';
import { chapters, rateLimits, stories, users } from '@/server/db/schema';
import { env } from '@/server/env';
import { nowSeconds } from '@/server/services/vip';
import { QINGYUN } from '../fixtures/sources/books';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';
import { epubcheck, epubcheckCommand, EPUBCHECK_TIMEOUT_MS } from '../helpers/epubcheck';

const runFile = promisify(execFile);

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function post(handler: NextApiHandler, body: Record<string, unknown>, token?: string, headers: Record<string, string> = {}): Promise<Download> {
  let result: Download | undefined;
  await testApiHandler({
    pagesHandler: handler,
    test: async ({ fetch }) => {
      const response = await fetch({
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: JSON.stringify(body),
      });
      result = { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    },
  });
  return result!;
}

const exportFile = (body: Record<string, unknown>, token?: string) => post(fileHandler, body, token);
const message = (download: Download) => (JSON.parse(download.bytes.toString('utf8')) as { message: string }).message;

async function prepare(body: Record<string, unknown>, token?: string): Promise<{ status: number; events: PrepareEvent[] }> {
  const answer = await post(prepareHandler, body, token);
  const text = answer.bytes.toString('utf8');
  if (answer.status !== 200) return { status: answer.status, events: [] };
  return { status: 200, events: text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as PrepareEvent) };
}

/** The chapter files of an EPUB in spine order with their text (markup removed). */
async function readEpub(bytes: Buffer) {
  const zip = await JSZip.loadAsync(bytes);
  const opf = await zip.file('OEBPS/content.opf')!.async('string');
  const spine = [...opf.matchAll(/<itemref idref="(c\d+)"/g)].map((match) => match[1]);
  const chapterTexts = await Promise.all(spine.map((id) => zip.file(`OEBPS/${id}.xhtml`)!.async('string')));
  const intro = await zip.file('OEBPS/intro.xhtml')!.async('string');
  const headings = chapterTexts.map((page) => /<h2>([^<]*)<\/h2>/.exec(page)![1]);
  return { zip, opf, spine, chapterTexts, intro, headings, names: Object.keys(zip.files) };
}

let member: TestIdentity;
let visitor: TestIdentity;
let fixture: FixtureServer;
let workDir: string;
const VIP_SLUG = 'truyen-tai-ve-vip';

beforeAll(async () => {
  await resetDatabase();
  fixture = await startFixtureServer();
  process.env.SOURCES_ALLOW_LOOPBACK = '1';
  process.env.SOURCES_FIXTURE_ORIGIN = fixture.origin;
  process.env.SOURCES_NO_SPACING = '1';
  workDir = await mkdtemp(path.join(tmpdir(), 'export-test-'));
  // Ids that do not line up across tables: other stories first.
  await insertStory({ title: 'Truyện khác một', slug: 'truyen-khac-mot', chapters: 4 });
  const story = await insertStory({ title: 'Truyện <Tải> về & "VIP"', slug: VIP_SLUG, chapters: 6, vipFrom: 5, description: 'Dòng đầu giới thiệu.\nDòng <b>hai</b> & ba.' });
  await db()
    .update(chapters)
    .set({ title: 'Tiêu đề <script>alert(1)</script> & "x"', content: 'Mở <img src=x onerror=alert(1)> & đóng.\n\u0001Ký tự điều khiển\n</p><p>không thoát' })
    .where(and(eq(chapters.storyId, story.id), eq(chapters.index, 2)));
  [member, visitor] = await Promise.all([createTestUser('export-member'), createTestUser('export-visitor')]);
  await Promise.all([callApi(meHandler, { token: member.token }), callApi(meHandler, { token: visitor.token })]);
  await db().update(users).set({ expireTime: nowSeconds() + 3_600 }).where(eq(users.id, member.uid));
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

afterAll(async () => {
  await fixture.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('an EPUB of a chapter range', () => {
  it('leaves VIP chapters out for a reader without VIP and says so on the first page; a member gets them', async () => {
    const forVisitor = await exportFile({ slug: VIP_SLUG, format: 'epub' }, visitor.token);
    expect(forVisitor.status).toBe(200);
    expect(forVisitor.headers.get('content-type')).toBe('application/epub+zip');
    expect(forVisitor.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Truyện Tải về & VIP - Chương 1-6.epub')}`);
    expect(forVisitor.headers.get('x-export-chapters')).toBe('4');
    const book = await readEpub(forVisitor.bytes);
    expect(book.spine).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(book.intro).toContain('Đã bỏ qua 2 chương VIP (chương 5–6)');

    const forMember = await readEpub((await exportFile({ slug: VIP_SLUG, format: 'epub', from: 3 }, member.token)).bytes);
    expect(forMember.spine).toEqual(['c3', 'c4', 'c5', 'c6']);
    expect(forMember.intro).not.toContain('Đã bỏ qua');
  });

  it('keeps markup in a chapter as text: nothing is injected, control characters are dropped', async () => {
    const book = await readEpub((await exportFile({ slug: VIP_SLUG, from: 2, to: 2 }, visitor.token)).bytes);
    const page = book.chapterTexts[0];
    expect(page).toContain('<h2>Chương 2: Tiêu đề &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</h2>');
    expect(page).toContain('<p>Mở &lt;img src=x onerror=alert(1)&gt; &amp; đóng.</p>');
    expect(page).toContain('<p>&lt;/p&gt;&lt;p&gt;không thoát</p>');
    expect(page).not.toContain('<script');
    expect(page).not.toContain('\u0001');
    expect(book.names[0]).toBe('mimetype');
  });

  (epubcheckCommand() ? it : it.skip)(
    'passes epubcheck with no error and no warning',
    async () => {
      const file = path.join(workDir, 'vip.epub');
      await writeFile(file, (await exportFile({ slug: VIP_SLUG }, member.token)).bytes);
      const result = await epubcheck(file);
      expect({ fatals: result.fatals, errors: result.errors, warnings: result.warnings }).toEqual({ fatals: 0, errors: 0, warnings: 0 });
    },
    EPUBCHECK_TIMEOUT_MS + 30_000,
  );
});

describe('a TXT of a chapter range', () => {
  it('has the title block, then "Chương N: title" and paragraphs, with the line ending chosen', async () => {
    const crlf = (await exportFile({ slug: VIP_SLUG, format: 'txt', from: 1, to: 3, lineEnding: 'crlf' }, visitor.token)).bytes.toString('utf8');
    expect(crlf.startsWith('Truyện <Tải> về & "VIP"\r\nTác giả: ')).toBe(true);
    expect(crlf.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const headings = crlf.split('\r\n').filter((line) => line.startsWith('Chương '));
    expect(headings).toEqual(['Chương 1: Thử nghiệm', 'Chương 2: Tiêu đề <script>alert(1)</script> & "x"', 'Chương 3: Thử nghiệm']);
    const lf = await exportFile({ slug: VIP_SLUG, format: 'txt', from: 1, to: 1 }, visitor.token);
    expect(lf.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(lf.bytes.toString('utf8')).not.toContain('\r');
    expect(lf.bytes.toString('utf8')).toContain('\nĐoạn một của chương 1.\nĐoạn hai của chương 1.\n');
  });
});

describe('what is refused', () => {
  it('a hidden (taken down) story, by both steps', async () => {
    await insertStory({ title: 'Truyện bị gỡ', slug: 'truyen-bi-go', chapters: 3, hidden: true });
    const file = await exportFile({ slug: 'truyen-bi-go' }, member.token);
    expect(file.status).toBe(404);
    expect(message(file)).toBe('Không tìm thấy truyện.');
    expect((await prepare({ slug: 'truyen-bi-go' }, member.token)).status).toBe(404);
  });

  it('a range outside the story, and a range of VIP chapters only for a reader without VIP', async () => {
    expect(message(await exportFile({ slug: VIP_SLUG, from: 9 }))).toBe('Truyện mới có đến chương 6.');
    expect(message(await exportFile({ slug: VIP_SLUG, from: 4, to: 2 }))).toBe('Chương đầu phải trước chương cuối.');
    const onlyVip = await exportFile({ slug: VIP_SLUG, from: 5, to: 6 }, visitor.token);
    expect(onlyVip.status).toBe(400);
    expect(message(onlyVip)).toBe('Khoảng chương này không có chương nào bạn tải được.');
  });

  it('files beyond the hourly share and chapters beyond the daily share: 429 with Retry-After, a refused request takes nothing', async () => {
    const limit = env().EXPORT_FILES_PER_HOUR;
    const windowStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await db().insert(rateLimits).values({ key: `export-files:user:${visitor.uid}`, windowStart, count: limit });
    const refused = await exportFile({ slug: VIP_SLUG, from: 1, to: 1 }, visitor.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(message(refused)).toContain('tải quá nhiều tệp');
    // The refused file's chapter went back to the reader's daily share.
    const [chaptersTaken] = await db().select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, `export-chapters:user:${visitor.uid}`));
    expect(chaptersTaken?.count ?? 0).toBe(0);

    const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    await db().insert(rateLimits).values({ key: `export-chapters:user:${member.uid}`, windowStart: dayStart, count: env().EXPORT_CHAPTERS_PER_DAY - 3 });
    const tooMany = await exportFile({ slug: VIP_SLUG, from: 1, to: 4 }, member.token);
    expect(tooMany.status).toBe(429);
    expect(message(tooMany)).toContain('quá nhiều chương hôm nay');
    expect((await exportFile({ slug: VIP_SLUG, from: 1, to: 3 }, member.token)).status).toBe(200);
  });
});

describe('an embedded story', () => {
  let slug: string;
  let storyId: number;

  beforeAll(async () => {
    const embedded = await callApi<{ message: EmbedResult }>(embedHandler, { method: 'POST', body: { link: `https://www.69shuba.com/book/${QINGYUN.bookId}.htm` } });
    storyId = Number(embedded.body.message.storyId);
    [{ slug }] = await db().select({ slug: stories.slug }).from(stories).where(eq(stories.id, storyId));
  });

  it('fetches the chapters not fetched yet first, with progress, then the file holds them', async () => {
    const missingBefore = await db().$count(chapters, and(eq(chapters.storyId, storyId), sql`${chapters.content} is null`, sql`${chapters.index} <= 5`));
    expect(missingBefore).toBe(5);
    const { status, events } = await prepare({ slug, from: 1, to: 5, format: 'epub' }, visitor.token);
    expect(status).toBe(200);
    const fetching = events.filter((event) => event.kind === 'fetching');
    expect(fetching.at(0)).toEqual({ kind: 'fetching', done: 0, total: 5 });
    expect(fetching.at(-1)).toEqual({ kind: 'fetching', done: 5, total: 5 });
    const ready = events.at(-1);
    expect(ready?.kind).toBe('ready');
    if (ready?.kind !== 'ready') throw new Error('no plan');
    expect(ready.plan).toMatchObject({ chapters: 5, missing: 0, vipLeftOut: 0, range: { from: 1, to: 5 } });
    const book = await readEpub((await exportFile({ slug, from: 1, to: 5 }, visitor.token)).bytes);
    expect(book.spine).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
  });

  it('applies the reader’s own names on top of the story’s, as the site shows them to that reader only', async () => {
    const original = '林渊走进青云宗。\n林渊看着山门。';
    await db().update(chapters).set({ sourceText: original }).where(and(eq(chapters.storyId, storyId), eq(chapters.index, 1)));
    const saved = await callApi(namesHandler, { method: 'PUT', token: member.token, body: { storyId: String(storyId), names: { 林渊: 'Lâm Riêng Tư' } } });
    expect(saved.status).toBe(200);
    const mine = (await exportFile({ slug, from: 1, to: 1, format: 'txt' }, member.token)).bytes.toString('utf8');
    expect(mine).toContain('Lâm Riêng Tư');
    const theirs = (await exportFile({ slug, from: 1, to: 1, format: 'txt' }, visitor.token)).bytes.toString('utf8');
    expect(theirs).not.toContain('Lâm Riêng Tư');
    const anonymous = (await exportFile({ slug, from: 1, to: 1, format: 'txt', names: { 林渊: 'Lâm Trên Máy' } })).bytes.toString('utf8');
    expect(anonymous).toContain('Lâm Trên Máy');
  });
});

describe('a 2,000-chapter book', () => {
  const SLUG = 'truyen-hai-nghin-chuong';
  /** The child's heap: the modules take about half; the book's text alone would take more than all of it. */
  const HEAP_MB = 56;

  beforeAll(async () => {
    const story = await insertStory({ title: 'Truyện hai nghìn chương', slug: SLUG, chapters: 0 });
    // About 17 KB of Vietnamese a chapter (34 MB in all, twice that as the process's strings), each different.
    await db().execute(sql`
      insert into chapters (story_id, index, title, content, word_count)
      select ${story.id}, n, 'Chương ' || n || ': Hồi thứ ' || n,
        (select string_agg('Đoạn ' || p || ' của chương ' || n || ': Lâm Uyên bước vào Thanh Vân tông, nhìn sơn môn cao vút giữa mây trời, lòng dâng lên muôn vàn cảm xúc khó tả thành lời.', E'\n') from generate_series(1, 100) p),
        3000
      from generate_series(1, 2000) n`);
    await db().update(stories).set({ chapterCount: 2000 }).where(eq(stories.id, story.id));
  }, 120_000);

  it('streams through a process whose heap is far smaller than the book', async () => {
    const helper = path.join(process.cwd(), '__tests__/helpers/exportMemory.ts');
    const { stdout } = await runFile(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', helper, SLUG, 'epub'], {
      env: { ...process.env, NODE_OPTIONS: '' },
      timeout: 240_000,
      maxBuffer: 1 << 20,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { bytes: number; chapters: number; baselineMb: number; heapPeakMb: number; maxRssMb: number };
    console.log(`2,000-chapter EPUB: ${(result.bytes / 1048576).toFixed(1)} MB written; heap ${result.baselineMb} MB before, at most ${result.heapPeakMb} MB while writing (cap ${HEAP_MB} MB); RSS at most ${result.maxRssMb} MB`);
    expect(result.chapters).toBe(2000);
    expect(result.heapPeakMb).toBeLessThan(HEAP_MB);
  }, 300_000);

  it('over HTTP: every chapter in order, in a file read back whole', async () => {
    const answer = await exportFile({ slug: SLUG, format: 'txt' }, member.token);
    expect(answer.headers.get('x-export-chapters')).toBe('2000');
    const text = answer.bytes.toString('utf8');
    const headings = text.split('\n').filter((line) => /^Chương \d+: Hồi thứ/.test(line));
    expect(headings).toHaveLength(2000);
    expect(headings[1999]).toBe('Chương 2000: Hồi thứ 2000');
    const estimate = Number(answer.headers.get('x-export-estimate'));
    expect(estimate / answer.bytes.length).toBeGreaterThan(0.8);
    expect(estimate / answer.bytes.length).toBeLessThan(1.25);
  }, 120_000);
});

describe('npm run export', () => {
  it('parses its command line', () => {
    expect(parseExportArgs(['--', 'slug', '--from', '2', '--to', '9', 'out.txt'])).toEqual({ slug: 'slug', file: 'out.txt', from: '2', to: '9', format: 'txt', crlf: false });
    expect(parseExportArgs(['slug', 'book.epub', '--format', 'txt', '--crlf'])).toMatchObject({ format: 'txt', crlf: true });
    expect(() => parseExportArgs(['slug'])).toThrow('Cách dùng');
    expect(() => parseExportArgs(['slug', 'x', '--format', 'pdf'])).toThrow('epub hoặc txt');
    expect(() => parseExportArgs(['slug', 'x', '--from'])).toThrow('Thiếu giá trị');
  });

  it('writes an operator’s file, VIP chapters included', async () => {
    const file = path.join(workDir, 'operator.txt');
    await exportCommand(['--', VIP_SLUG, '--from', '4', '--to', '6', file]);
    const text = await readFile(file, 'utf8');
    expect(text.split('\n').filter((line) => line.startsWith('Chương '))).toEqual(['Chương 4: Thử nghiệm', 'Chương 5: Thử nghiệm', 'Chương 6: Thử nghiệm']);
  });
});
