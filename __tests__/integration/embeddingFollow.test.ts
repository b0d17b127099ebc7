import { and, eq } from 'drizzle-orm';
import embedHandler from '@/pages/api/embedding/embed';
import followHandler from '@/pages/api/embedding/follow';
import embedCheckHandler from '@/pages/api/jobs/embed-check';
import bookmarksHandler from '@/pages/api/user/web/bookmarks';
import lichsuHandler from '@/pages/api/user/web/lichsu';
import type { EmbedResult, FollowState } from '@/lib/api/embedding';
import type { Bookmark } from '@/lib/types';
import { db, pool } from '@/server/db/client';
import { bookmarks, chapters, embeddedSources, stories } from '@/server/db/schema';
import { listBookmarks } from '@/server/services/bookmarks';
import { listNotifications } from '@/server/services/notifications/centre';
import { runFollowCheck } from '@/server/services/embedding';
import { recordHistory } from '@/server/services/history';
import { FOLLOW_CHECK_LOCK_KEY } from '@/server/services/embedding/followCheck';
import { BUNKER, QINGYUN } from '../fixtures/sources/books';
import { callApi } from '../helpers/api';
import { createTestUser, type TestIdentity } from '../helpers/auth';
import { resetDatabase } from '../helpers/db';
import { fixtureSourcesForFile } from '../helpers/fixtureSources';

const fixtureSites = fixtureSourcesForFile();
let reader: TestIdentity;
let storyId: string;
let unfollowedId: string;

const follow = (method: 'GET' | 'POST' | 'DELETE', id: string, token?: string) =>
  callApi<{ message: FollowState }>(followHandler, {
    method,
    token,
    ...(method === 'GET' ? { params: { storyId: id } } : { body: { storyId: id } }),
  });

async function embed(link: string): Promise<string> {
  const { body } = await callApi<{ message: EmbedResult }>(embedHandler, { method: 'POST', body: { link } });
  return body.message.storyId;
}

const chapterCount = async (id: string) =>
  (await db().select({ count: stories.chapterCount }).from(stories).where(eq(stories.id, Number(id))))[0].count;

beforeAll(async () => {
  await resetDatabase();
  reader = await createTestUser('follow');
  storyId = await embed(`https://www.69shuba.com/book/${QINGYUN.bookId}.htm`);
  unfollowedId = await embed(`https://www.22biqu.com/biqu${BUNKER.bookId}/`);
});

afterAll(async () => {
  delete process.env.JOBS_SECRET;
});

describe('following an embedded story', () => {
  it('needs a signed-in reader', async () => {
    expect((await follow('POST', storyId)).status).toBe(401);
    expect((await follow('GET', storyId)).status).toBe(401);
  });

  it('saves the story in the cabinet with every chapter seen', async () => {
    const { status, body } = await follow('POST', storyId, reader.token);
    expect(status).toBe(200);
    expect(body.message).toEqual({ follow: true, chapters: 30, seenChapters: 30, newChapters: 0 });
    const [row] = await db().select().from(bookmarks).where(eq(bookmarks.userId, reader.uid));
    expect(row).toMatchObject({ save: true, follow: true, seenChapters: 30 });
    const [story] = await db().select().from(stories).where(eq(stories.id, Number(storyId)));
    expect(story.bookmarkCount).toBe(1);
  });

  it('answers 404 for a story that is not embedded or does not exist', async () => {
    expect((await follow('POST', '999999', reader.token)).status).toBe(404);
  });
});

describe('the follow check', () => {
  it('appends new chapters of followed stories and marks them new for their followers', async () => {
    fixtureSites().addChapter('69shuba', QINGYUN.bookId);
    fixtureSites().addChapter('22biqu', BUNKER.bookId);
    const report = await runFollowCheck(db());
    expect(report).toEqual({ skipped: false, checked: 1, added: 1, failed: 0, deferred: 0, updated: [Number(storyId)] });
    expect(await chapterCount(storyId)).toBe(31);
    // Nobody follows the other story: it is not checked.
    expect(await chapterCount(unfollowedId)).toBe(BUNKER.chapterCount);
    const [added] = await db()
      .select()
      .from(chapters)
      .where(and(eq(chapters.storyId, Number(storyId)), eq(chapters.index, 31)));
    expect(added.content).toBeNull();
    expect(added.title).toMatch(/^Chương 31: /);
    const [source] = await db().select().from(embeddedSources).where(eq(embeddedSources.storyId, Number(storyId)));
    expect(source.lastChapterSeen).toBe(31);

    const { body } = await follow('GET', storyId, reader.token);
    expect(body.message).toMatchObject({ follow: true, chapters: 31, seenChapters: 30, newChapters: 1 });
    const entry = (await listBookmarks(db(), reader.uid)).find((bookmark) => bookmark._id === storyId)!;
    expect(entry.newChapters).toBe(1);
    // The follower's notification centre has one entry for the check, linking to the chapter.
    const centre = await listNotifications(db(), reader.uid, 0, 20);
    expect(centre.unread).toBe(1);
    expect(centre.results[0]).toMatchObject({ fromChapter: 31, toChapter: 31, url: expect.stringMatching(/\/chuong-31$/) });
  });

  it('adds nothing when the site has nothing new', async () => {
    expect(await runFollowCheck(db())).toMatchObject({ checked: 1, added: 0 });
  });

  it('clears the mark once the reader has seen the chapters', async () => {
    const asReader = { uid: reader.uid, email: reader.email, emailVerified: true, name: null, picture: null, authTime: 0 };
    await recordHistory(db(), asReader, { chapter: 31, truyenId: storyId, audio_time: 1 });
    expect((await follow('GET', storyId, reader.token)).body.message.newChapters).toBe(0);
  });

  it('runs once at a time in a process', async () => {
    fixtureSites().addChapter('69shuba', QINGYUN.bookId);
    const [first, second] = await Promise.all([runFollowCheck(db()), runFollowCheck(db())]);
    expect([first.skipped, second.skipped].sort()).toEqual([false, true]);
    expect(await chapterCount(storyId)).toBe(32);
  });

  it('shows the new chapters in the story cabinet until the reader reads them', async () => {
    const cabinetEntry = async () => {
      const { body } = await callApi<{ message: Bookmark[] }>(bookmarksHandler, { token: reader.token });
      return body.message.find((item) => item._id === storyId);
    };
    expect(await cabinetEntry()).toMatchObject({ save: true, newChapters: 1 });
    const read = (chapter: number) =>
      callApi(lichsuHandler, { method: 'POST', token: reader.token, body: { chapter, truyenId: storyId, audio_time: 1 } });
    expect((await read(31)).status).toBe(200);
    expect((await cabinetEntry())?.newChapters).toBe(1);
    await read(32);
    expect((await cabinetEntry())?.newChapters).toBe(0);
  });

  it('skips while another instance holds the advisory lock', async () => {
    const other = await pool().connect();
    try {
      await other.query('select pg_advisory_lock($1)', [FOLLOW_CHECK_LOCK_KEY]);
      expect((await runFollowCheck(db())).skipped).toBe(true);
    } finally {
      await other.query('select pg_advisory_unlock($1)', [FOLLOW_CHECK_LOCK_KEY]);
      other.release();
    }
  });

  it('stops marking a story the reader unfollowed', async () => {
    const { body } = await follow('DELETE', storyId, reader.token);
    expect(body.message).toMatchObject({ follow: false, newChapters: 0 });
    expect(await runFollowCheck(db())).toMatchObject({ checked: 0 });
  });
});

describe('POST /api/jobs/embed-check', () => {
  it('does not exist without JOBS_SECRET and refuses a wrong secret', async () => {
    delete process.env.JOBS_SECRET;
    expect((await callApi(embedCheckHandler, { method: 'POST', token: 'whatever' })).status).toBe(404);
    process.env.JOBS_SECRET = 'secret-for-tests';
    expect((await callApi(embedCheckHandler, { method: 'POST', token: 'wrong-secret-here' })).status).toBe(401);
    expect((await callApi(embedCheckHandler, { method: 'POST' })).status).toBe(401);
  });

  it('checks one story now, followed or not', async () => {
    process.env.JOBS_SECRET = 'secret-for-tests';
    const [{ slug }] = await db().select({ slug: stories.slug }).from(stories).where(eq(stories.id, Number(unfollowedId)));
    const { status, body } = await callApi<{ message: { added: number } }>(embedCheckHandler, {
      method: 'POST',
      token: 'secret-for-tests',
      body: { slug },
    });
    expect(status).toBe(200);
    expect(body.message.added).toBe(1);
    expect(await chapterCount(unfollowedId)).toBe(BUNKER.chapterCount + 1);
  });
});
