import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, like, sql } from 'drizzle-orm';
import { closeDb, db } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { chapters, genres, stories, storyGenres, takedowns } from '@/server/db/schema';
import type { ImportedStoryInput } from '@/server/import/schema';
import { StoryAdminError, hideStory, importStory, removeStory, unhideStory } from '@/server/services/storyAdmin';
import { main as importScript } from '@/scripts/import';
import { main as storyScript } from '@/scripts/story';

const run = randomBytes(4).toString('hex');
const PREFIX = `imptest-${run}`;
const GENRES = [
  { slug: `${PREFIX}-tien-hiep`, name: `Imptest Tiên Hiệp ${run}`, hot: true, position: 9001 },
  { slug: `${PREFIX}-do-thi`, name: `Imptest Đô Thị ${run}`, hot: false, position: 9002 },
];
const FAIL_TRIGGER = `imptest_fail_${run}`;

function story(overrides: Partial<ImportedStoryInput> = {}): ImportedStoryInput {
  return {
    title: `Imptest ${run} Kiếm Khách`,
    author: 'Lão Mặc',
    description: 'Một thiếu niên rời làng.',
    status: 'ongoing',
    genres: [`imptest tien hiep ${run}`],
    chapters: [
      { title: 'Chương 1: Khởi đầu', content: 'Sáng sớm sương mù.\nHắn lên đường.' },
      { title: 'Chương 2: Gặp gỡ', content: 'Một lão già ngồi uống trà.' },
    ],
    ...overrides,
  };
}

async function storyRow(slug: string) {
  const [row] = await db().select().from(stories).where(eq(stories.slug, slug));
  return row;
}

async function chapterRows(storyId: number) {
  return db().select().from(chapters).where(eq(chapters.storyId, storyId)).orderBy(asc(chapters.index));
}

async function genreNames(storyId: number) {
  const rows = await db()
    .select({ name: genres.name })
    .from(storyGenres)
    .innerJoin(genres, eq(genres.id, storyGenres.genreId))
    .where(eq(storyGenres.storyId, storyId))
    .orderBy(asc(genres.position));
  return rows.map((row) => row.name);
}

async function cleanUp() {
  await db().delete(stories).where(like(stories.slug, `${PREFIX}-%`));
  await db().delete(takedowns).where(like(takedowns.storySlug, `${PREFIX}-%`));
  await db().delete(genres).where(like(genres.slug, `${PREFIX}-%`));
}

beforeAll(async () => {
  await runMigrations(db());
  await cleanUp();
  await db().insert(genres).values(GENRES);
});

afterAll(async () => {
  await db().execute(sql.raw(`DROP TRIGGER IF EXISTS ${FAIL_TRIGGER} ON chapters; DROP FUNCTION IF EXISTS ${FAIL_TRIGGER}();`));
  await cleanUp();
  // The shared setup may close the pool before this hook runs; close the one reopened here.
  await closeDb();
});

describe('importStory', () => {
  it('creates a story with its chapters, genres and search fields', async () => {
    const result = await importStory(db(), story());
    expect(result).toEqual({ slug: `${PREFIX}-kiem-khach`, created: true, chapters: 2 });

    const row = await storyRow(result.slug);
    expect(row).toMatchObject({
      title: `Imptest ${run} Kiếm Khách`,
      author: 'Lão Mặc',
      origin: 'native',
      hidden: false,
      searchTitle: `imptest ${run} kiem khach`,
      searchAuthor: 'lao mac',
      chapterCount: 2,
      wordCount: 13,
    });
    expect(row.latestChapterAt).toBeInstanceOf(Date);
    expect((await chapterRows(row.id)).map((c) => [c.index, c.title, c.content, c.wordCount])).toEqual([
      [1, 'Chương 1: Khởi đầu', 'Sáng sớm sương mù.\nHắn lên đường.', 7],
      [2, 'Chương 2: Gặp gỡ', 'Một lão già ngồi uống trà.', 6],
    ]);
    expect(await genreNames(row.id)).toEqual([GENRES[0].name]);
  });

  it('updates the story with the same slug, replacing metadata, chapters and genres', async () => {
    const before = await storyRow(`${PREFIX}-kiem-khach`);
    const result = await importStory(
      db(),
      story({
        description: 'Bản sửa.',
        status: 'completed',
        genres: [`IMPTEST ĐÔ THỊ ${run}`],
        chapters: [
          { title: 'Chương 1', content: 'Một.' },
          { title: 'Chương 2', content: 'Hai.' },
          { title: 'Chương 3', content: 'Ba.' },
        ],
      }),
    );
    expect(result).toEqual({ slug: `${PREFIX}-kiem-khach`, created: false, chapters: 3 });

    const after = await storyRow(result.slug);
    expect(after.id).toBe(before.id);
    expect(after).toMatchObject({ description: 'Bản sửa.', status: 'completed', chapterCount: 3, wordCount: 3 });
    expect((await chapterRows(after.id)).map((c) => c.content)).toEqual(['Một.', 'Hai.', 'Ba.']);
    expect(await genreNames(after.id)).toEqual([GENRES[1].name]);
  });

  it('gives a different story with the same title its own slug, and honours a given slug', async () => {
    const other = await importStory(db(), story({ author: 'Người Khác' }));
    expect(other).toMatchObject({ slug: `${PREFIX}-kiem-khach-2`, created: true });

    const given = await importStory(db(), story({ slug: `${PREFIX}-kiem-khach-2`, author: 'Người Khác', chapters: [{ title: 'C1', content: 'x' }] }));
    expect(given).toEqual({ slug: `${PREFIX}-kiem-khach-2`, created: false, chapters: 1 });
  });

  it('refuses an unknown genre, naming it and listing the known ones, and changes nothing', async () => {
    const slug = `${PREFIX}-kiem-khach`;
    const before = await storyRow(slug);
    const attempt = importStory(db(), story({ genres: [`Imptest Tiên Hiệp ${run}`, 'Ngôn Tình Xuyên Không'] }));
    await expect(attempt).rejects.toThrow(StoryAdminError);
    await expect(importStory(db(), story({ genres: ['Ngôn Tình Xuyên Không'] }))).rejects.toThrow(
      new RegExp(`genres: không có thể loại 'Ngôn Tình Xuyên Không'; các thể loại hiện có: .*${GENRES[1].name}`),
    );
    expect(await storyRow(slug)).toEqual(before);
  });

  it('rolls back everything when a write fails half-way', async () => {
    const slug = `${PREFIX}-kiem-khach`;
    const before = await storyRow(slug);
    const chaptersBefore = await chapterRows(before.id);
    const genresBefore = await genreNames(before.id);
    await db().execute(
      sql.raw(`CREATE FUNCTION ${FAIL_TRIGGER}() RETURNS trigger AS $$ BEGIN
        IF NEW.title = '${FAIL_TRIGGER}' THEN RAISE EXCEPTION 'chapter refused by test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER ${FAIL_TRIGGER} BEFORE INSERT ON chapters FOR EACH ROW EXECUTE FUNCTION ${FAIL_TRIGGER}();`),
    );
    const failing = story({
      description: 'Không được lưu.',
      genres: [`Imptest Tiên Hiệp ${run}`],
      chapters: [{ title: 'Chương 1', content: 'Mới.' }, { title: FAIL_TRIGGER, content: 'Hỏng.' }],
    });
    const error: unknown = await importStory(db(), failing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error & { cause?: unknown }).cause)).toContain('chapter refused by test');

    expect(await storyRow(slug)).toEqual(before);
    expect(await chapterRows(before.id)).toEqual(chaptersBefore);
    expect(await genreNames(before.id)).toEqual(genresBefore);
  });

  it('stores long stories in batches, keeping every chapter in order', async () => {
    const many = Array.from({ length: 450 }, (_, i) => ({ title: `Chương ${i + 1}`, content: `Đoạn ${i + 1}.` }));
    const result = await importStory(db(), story({ slug: `${PREFIX}-dai`, chapters: many }));
    expect(result).toEqual({ slug: `${PREFIX}-dai`, created: true, chapters: 450 });
    const rows = await chapterRows((await storyRow(result.slug)).id);
    expect(rows.map((row) => row.index)).toEqual(many.map((_, i) => i + 1));
    expect(rows[449].content).toBe('Đoạn 450.');
  });

  it.each(['truyen', 'api', 'chuong-12'])('refuses the reserved slug %p', async (slug) => {
    await expect(importStory(db(), story({ slug }))).rejects.toThrow(`slug: '${slug}' trùng một đường dẫn dành riêng`);
    expect(await storyRow(slug)).toBeUndefined();
  });

  it('refuses invalid data by field path', async () => {
    const bad = story({ chapters: [{ title: 'Chương 1', content: ' ' }] });
    await expect(importStory(db(), bad)).rejects.toThrow('chapters.0.content: không được để trống');
  });
});

describe('hideStory, unhideStory and removeStory', () => {
  const slug = `${PREFIX}-kiem-khach-2`;

  it('hides a story and records a copyright report', async () => {
    await expect(hideStory(db(), slug, 'Thư khiếu nại số 7')).resolves.toEqual({ slug, title: `Imptest ${run} Kiếm Khách` });
    const row = await storyRow(slug);
    expect(row.hidden).toBe(true);
    const recorded = await db().select().from(takedowns).where(eq(takedowns.storySlug, slug));
    expect(recorded).toEqual([expect.objectContaining({ storyId: row.id, kind: 'copyright', action: 'hide', note: 'Thư khiếu nại số 7' })]);
  });

  it('keeps a hidden story hidden when it is imported again, and unhides it on request', async () => {
    await importStory(db(), story({ slug, author: 'Người Khác' }));
    expect((await storyRow(slug)).hidden).toBe(true);
    await unhideStory(db(), slug);
    expect((await storyRow(slug)).hidden).toBe(false);
  });

  it('removes a story with its chapters and keeps the slug in the report', async () => {
    const { id } = await storyRow(slug);
    await removeStory(db(), slug, 'Gỡ theo yêu cầu');
    expect(await storyRow(slug)).toBeUndefined();
    expect(await chapterRows(id)).toEqual([]);
    const [removal] = await db().select().from(takedowns).where(eq(takedowns.storySlug, slug)).orderBy(sql`${takedowns.id} desc`).limit(1);
    expect(removal).toMatchObject({ storyId: null, storySlug: slug, kind: 'copyright', action: 'remove', note: 'Gỡ theo yêu cầu' });
  });

  it('names an unknown slug', async () => {
    const missing = `${PREFIX}-khong-co`;
    await expect(hideStory(db(), missing)).rejects.toThrow(`Không có truyện nào với slug '${missing}'`);
    await expect(unhideStory(db(), missing)).rejects.toThrow(StoryAdminError);
    await expect(removeStory(db(), missing)).rejects.toThrow(StoryAdminError);
  });
});

describe('operator scripts', () => {
  let dir: string;
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'imptest-'));
  });

  afterAll(async () => {
    log.mockRestore();
    await rm(dir, { recursive: true, force: true });
  });

  it('imports a TXT file, then updates it, printing the slug and chapter count', async () => {
    const file = path.join(dir, 'truyen.txt');
    const header = `Tên truyện: Imptest ${run} Dặm Trường\nTác giả: A Lực\nThể loại: Imptest Đô Thị ${run}\n\n`;
    await writeFile(file, `${header}Chương 1: Một\nMột.\nChương 2: Hai\nHai.\n`);
    await importScript([file]);
    expect(log).toHaveBeenLastCalledWith(`Đã thêm truyện ${PREFIX}-dam-truong (2 chương)`);
    await writeFile(file, `${header}Chương 1: Một\nMột.\n`);
    await importScript([file]);
    expect(log).toHaveBeenLastCalledWith(`Đã cập nhật truyện ${PREFIX}-dam-truong (1 chương)`);
  });

  it('hides, unhides and removes by slug through the story command', async () => {
    const slug = `${PREFIX}-dam-truong`;
    await storyScript(['hide', slug, 'khiếu', 'nại']);
    expect(log).toHaveBeenLastCalledWith(`Đã ẩn truyện ${slug} (Imptest ${run} Dặm Trường)`);
    expect((await storyRow(slug)).hidden).toBe(true);
    await storyScript(['unhide', slug]);
    expect((await storyRow(slug)).hidden).toBe(false);
    await storyScript(['remove', slug]);
    expect(await storyRow(slug)).toBeUndefined();
  });

  it('answers bad arguments with the usage', async () => {
    await expect(importScript([])).rejects.toThrow('Cách dùng: npm run import -- FILE');
    await expect(storyScript(['delete', 'x'])).rejects.toThrow('Cách dùng:');
    await expect(storyScript(['hide'])).rejects.toThrow('Cách dùng:');
    await expect(importScript([path.join(dir, 'truyen.docx')])).rejects.toThrow("định dạng '.docx' không được hỗ trợ");
  });
});
