import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AdminStoryNames, Paged, AdminNameStory } from '@/lib/api/admin';
import type { NamePackImport, StoryNames } from '@/lib/api/embedding';
import { formatNamePack } from '@/lib/namePack';
import acceptHandler from '@/pages/api/admin/names/[id]/accept';
import storyNamesAdminHandler from '@/pages/api/admin/names/[id]/index';
import lockHandler from '@/pages/api/admin/names/[id]/lock';
import rejectHandler from '@/pages/api/admin/names/[id]/reject';
import removeHandler from '@/pages/api/admin/names/[id]/remove';
import nameStoriesHandler from '@/pages/api/admin/names/index';
import namesHandler from '@/pages/api/embedding/names';
import importHandler from '@/pages/api/embedding/names/import';
import proposalsHandler from '@/pages/api/embedding/names/proposals';
import muteHandler from '@/pages/api/admin/users/[id]/mute';
import { db } from '@/server/db/client';
import { auditLog, chapters, rateLimits, stories, storyNameProposals, storyNames, storySharedNames, users } from '@/server/db/schema';
import { mutedMessage } from '@/server/services/admin/mutes';
import { loadEmbeddedChapter, readerNamesOf, storyNamesOf } from '@/server/services/embedding';
import { NAME_PACK_RULE } from '@/server/services/embedding/namePacks';
import { NAME_PROPOSAL_RULE, NEW_ACCOUNT_MESSAGE, UNVERIFIED_MESSAGE } from '@/server/services/embedding/nameProposals';
import { hitRateLimit } from '@/server/services/rateLimit';
import { callApi } from '../helpers/api';
import { createOperator, createReader, verifyEmail } from '../helpers/admin';
import type { TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

/**
 * Names of embedded stories: a reader's own list applies to that reader only; the story's shared
 * list changes by an operator or by enough eligible readers proposing the same form.
 */

type Failure = { message: string };
type Story = Awaited<ReturnType<typeof insertStory>>;

const DAY_MS = 86_400_000;
const ORIGINAL_TEXT = '林渊走进青云宗。\n林渊看着山门。';

let operator: TestIdentity;

async function embeddedStory(slug: string): Promise<Story> {
  const story = await insertStory({ title: `Truyện ${slug}`, slug });
  await db().update(stories).set({ origin: 'embedded' }).where(eq(stories.id, story.id));
  await db().update(chapters).set({ sourceText: ORIGINAL_TEXT }).where(eq(chapters.storyId, story.id));
  return story;
}

/** A reader who may propose: email verified, account two days old. */
async function eligibleReader(prefix: string): Promise<TestIdentity> {
  const reader = await createReader(prefix);
  await verifyEmail(reader);
  await db().update(users).set({ createdAt: new Date(Date.now() - 2 * DAY_MS) }).where(eq(users.id, reader.uid));
  return reader;
}

const convertedChapters = (storyId: number) => db().$count(chapters, and(eq(chapters.storyId, storyId), isNotNull(chapters.content)));
const saveNames = (who: TestIdentity, storyId: number, names: Record<string, string>) =>
  callApi<{ message: StoryNames } & Failure>(namesHandler, { method: 'PUT', token: who.token, body: { storyId: String(storyId), names } });
const readNames = (storyId: number, who?: TestIdentity) => callApi<{ message: StoryNames }>(namesHandler, { token: who?.token, params: { storyId: String(storyId) } });
const propose = (who: TestIdentity, storyId: number, original: string, translation: string) =>
  callApi<{ message: StoryNames } & Failure>(proposalsHandler, { method: 'PUT', token: who.token, body: { storyId: String(storyId), original, translation } });
const importPack = (who: TestIdentity, storyId: number, text: string, dryRun = false) =>
  callApi<{ message: NamePackImport } & Failure>(importHandler, { method: 'POST', token: who.token, body: { storyId: String(storyId), text, dryRun } });
const operatorCall = (handler: typeof acceptHandler, storyId: number, body: Record<string, unknown>) =>
  callApi<{ message: AdminStoryNames } & Failure>(handler, { method: 'POST', token: operator.token, params: { id: String(storyId) }, body });
const sharedRow = async (storyId: number, original: string) =>
  (await db().select().from(storySharedNames).where(and(eq(storySharedNames.storyId, storyId), eq(storySharedNames.original, original))))[0];

beforeAll(async () => {
  await resetDatabase();
  operator = await createOperator('names-op');
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('a reader’s own names', () => {
  it('apply to that reader only: no other reader’s list, no shared list, no stored chapter changes', async () => {
    const story = await embeddedStory('ten-rieng-rieng');
    const [mine, other] = await Promise.all([createReader('names-own'), createReader('names-other')]);
    const saved = await saveNames(mine, story.id, { 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' });
    expect(saved.status).toBe(200);
    expect(saved.body.message.mine).toEqual({ 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' });
    expect(saved.body.message.names).toEqual({});

    expect(await readerNamesOf(db(), story.id, mine.uid)).toEqual({ 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' });
    expect(await readerNamesOf(db(), story.id, other.uid)).toEqual({});
    expect(await storyNamesOf(db(), story.id)).toEqual({});
    expect(await convertedChapters(story.id)).toBe(3);
    expect((await readNames(story.id, other)).body.message).toMatchObject({ names: {}, mine: {}, shared: [], proposals: [] });
    expect((await readNames(story.id)).body.message).toMatchObject({ names: {}, mine: {}, threshold: 3 });
  });

  it('refuse markup, control characters, “=”, line breaks and meaning separators with a Vietnamese message', async () => {
    const story = await embeddedStory('ten-rieng-sai');
    const reader = await createReader('names-bad');
    for (const [names, message] of [
      [{ 林渊: '<b>Lâm</b>' }, 'Tên tiếng Việt không được chứa “<” hay “>”.'],
      [{ 林渊: 'Lâm\u0007Uyên' }, 'Tên tiếng Việt chứa ký tự điều khiển hoặc xuống dòng.'],
      [{ 林渊: 'Lâm\nUyên' }, 'Tên tiếng Việt chứa ký tự điều khiển hoặc xuống dòng.'],
      [{ 林渊: 'Lâm=Uyên' }, 'Chỉ được có một dấu “=” trên mỗi dòng.'],
      [{ 林渊: 'Lâm/Uyên' }, 'Tên tiếng Việt không được chứa “/” hay “|”.'],
      [{ '林<渊': 'Lâm Uyên' }, 'Tên gốc không được chứa “<” hay “>”.'],
      [{ 'abc': 'Lâm Uyên' }, 'Tên gốc “abc” phải có chữ Hán.'],
    ] as const) {
      const answer = await saveNames(reader, story.id, names);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const proposal = await propose(reader, story.id, '林渊', 'Lâm <i>Uyên</i>');
    expect(proposal.status).toBe(400);
    expect(proposal.body.message).toBe('Tên tiếng Việt không được chứa “<” hay “>”.');
    expect(await readerNamesOf(db(), story.id, reader.uid)).toEqual({});
  });
});

describe('proposals for the shared list', () => {
  it('are refused to a muted, a new or an unverified account (403, Vietnamese), whose own list still saves', async () => {
    const story = await embeddedStory('ten-rieng-cam');
    const [muted, fresh, unverified] = await Promise.all([eligibleReader('names-muted'), createReader('names-new'), createReader('names-unverified')]);
    await verifyEmail(fresh);
    await db().update(users).set({ createdAt: new Date(Date.now() - 2 * DAY_MS) }).where(eq(users.id, unverified.uid));
    expect((await callApi(muteHandler, { method: 'POST', token: operator.token, params: { id: muted.uid }, body: { days: 2, reason: 'Đổi tên bừa' } })).status).toBe(200);
    const [row] = await db().select({ until: users.mutedUntil }).from(users).where(eq(users.id, muted.uid));

    const refusals = [
      [muted, mutedMessage(row.until!, 'Đổi tên bừa')],
      [fresh, NEW_ACCOUNT_MESSAGE],
      [unverified, UNVERIFIED_MESSAGE],
    ] as const;
    for (const [who, message] of refusals) {
      const answer = await propose(who, story.id, '林渊', 'Tên Xấu');
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(message);
    }
    expect(await db().$count(storyNameProposals, eq(storyNameProposals.storyId, story.id))).toBe(0);
    // What they fix for themselves still saves, and still reaches nobody else.
    expect((await saveNames(muted, story.id, { 林渊: 'Tên Xấu' })).status).toBe(200);
    expect(await storyNamesOf(db(), story.id)).toEqual({});
    expect(await convertedChapters(story.id)).toBe(3);
  });

  it('become shared when three eligible readers propose the same form, and never count a muted one', async () => {
    const story = await embeddedStory('ten-rieng-nguong');
    const [first, second, third, fourth, reader] = await Promise.all(['a', 'b', 'c', 'd'].map((tag) => eligibleReader(`names-vote-${tag}`)).concat(createReader('names-reader')));

    const one = await propose(first, story.id, '林渊', 'Lâm Uyên');
    expect(one.status).toBe(200);
    expect(one.body.message.proposals).toEqual([expect.objectContaining({ original: '林渊', translation: 'Lâm Uyên', supporters: 1 })]);
    expect(one.body.message.mine).toEqual({ 林渊: 'Lâm Uyên' });
    expect(one.body.message.names).toEqual({});
    // A different form does not add to this one.
    expect((await propose(second, story.id, '林渊', 'Lâm Viên')).status).toBe(200);
    expect((await propose(third, story.id, '林渊', 'Lâm Uyên')).body.message.proposals[0].supporters).toBe(2);
    expect(await storyNamesOf(db(), story.id)).toEqual({});
    expect(await convertedChapters(story.id)).toBe(3);

    // A muted proposer stops counting: the fourth vote makes two that count, not three.
    await db().update(users).set({ mutedUntil: new Date(Date.now() + DAY_MS), muteReason: 'thử' }).where(eq(users.id, third.uid));
    expect((await propose(fourth, story.id, '林渊', 'Lâm Uyên')).body.message.names).toEqual({});
    await db().update(users).set({ mutedUntil: null, muteReason: null }).where(eq(users.id, third.uid));

    // The second reader changes their proposal to the same form: three count.
    const shared = await propose(second, story.id, '林渊', 'Lâm Uyên');
    expect(shared.status).toBe(200);
    expect(shared.body.message.names).toEqual({ 林渊: 'Lâm Uyên' });
    expect(await storyNamesOf(db(), story.id)).toEqual({ 林渊: 'Lâm Uyên' });
    expect(await sharedRow(story.id, '林渊')).toMatchObject({ translation: 'Lâm Uyên', source: 'readers', locked: false, decidedBy: null });
    expect(await convertedChapters(story.id)).toBe(0);

    // Another reader reads it now, with how many readers use it.
    const seen = (await readNames(story.id, reader)).body.message;
    expect(seen.names).toEqual({ 林渊: 'Lâm Uyên' });
    expect(seen.mine).toEqual({});
    expect(seen.shared).toEqual([expect.objectContaining({ original: '林渊', translation: 'Lâm Uyên', readers: 4, source: 'readers' })]);
    expect(await loadEmbeddedChapter(db(), { storyId: story.id, index: 1 })).toMatch(/^Lâm Uyên/);
  });

  it('are rate-limited per reader (429 with Retry-After)', async () => {
    const story = await embeddedStory('ten-rieng-nhanh');
    const reader = await eligibleReader('names-fast');
    for (let i = 0; i < NAME_PROPOSAL_RULE.limit; i++) await hitRateLimit(db(), `names-propose:${reader.uid}`, NAME_PROPOSAL_RULE);
    const answer = await propose(reader, story.id, '林渊', 'Lâm Uyên');
    expect(answer.status).toBe(429);
    expect(answer.body.message).toMatch(/^Bạn đề xuất tên quá nhiều trong thời gian ngắn\. Hãy thử lại sau \d+ giây\.$/);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('can be withdrawn; saving the own list without the entry withdraws it too', async () => {
    const story = await embeddedStory('ten-rieng-rut');
    const reader = await eligibleReader('names-withdraw');
    await propose(reader, story.id, '林渊', 'Lâm Uyên');
    await propose(reader, story.id, '青云宗', 'Thanh Vân Tông');
    const withdrawn = await callApi<{ message: StoryNames }>(proposalsHandler, { method: 'DELETE', token: reader.token, body: { storyId: String(story.id), original: '林渊' } });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message.proposals.map((proposal) => proposal.original)).toEqual(['青云宗']);
    expect(withdrawn.body.message.mine).toEqual({ 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' });
    const saved = await saveNames(reader, story.id, { 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Môn' });
    expect(saved.body.message.proposals).toEqual([]);
  });
});

describe('operators', () => {
  it('accept a proposal, lock it against proposals, unlock, reject and remove, each audited', async () => {
    const story = await embeddedStory('ten-rieng-duyet');
    const voters = await Promise.all(['a', 'b', 'c'].map((tag) => eligibleReader(`names-op-${tag}`)));
    await propose(voters[0], story.id, '林渊', 'Lâm Uyên');

    const list = await callApi<Paged<AdminNameStory>>(nameStoriesHandler, { token: operator.token });
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ _id: String(story.id), pending: 1, proposals: 1, shared: 0 })]));
    const pending = await callApi<{ message: AdminStoryNames }>(storyNamesAdminHandler, { token: operator.token, params: { id: String(story.id) } });
    expect(pending.body.message.proposals).toEqual([
      expect.objectContaining({ original: '林渊', translation: 'Lâm Uyên', supporters: 1, proposers: 1, current: null, readers: [expect.objectContaining({ _id: voters[0].uid, eligible: true })] }),
    ]);
    expect((await callApi(storyNamesAdminHandler, { token: voters[0].token, params: { id: String(story.id) } })).status).toBe(403);

    const accepted = await operatorCall(acceptHandler, story.id, { original: '林渊', translation: 'Lâm Uyên' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message.proposals).toEqual([]);
    expect(accepted.body.message.shared).toEqual([expect.objectContaining({ original: '林渊', translation: 'Lâm Uyên', source: 'operator', decidedBy: operator.uid, readers: 1 })]);
    expect(await convertedChapters(story.id)).toBe(0);
    expect(await loadEmbeddedChapter(db(), { storyId: story.id, index: 2 })).toMatch(/^Lâm Uyên/);

    const locked = await operatorCall(lockHandler, story.id, { original: '林渊', locked: true, note: 'Tên chuẩn' });
    expect(locked.body.message.shared[0].locked).toBe(true);
    // Three eligible readers cannot change a locked name; their proposals wait for the operator.
    for (const voter of voters) expect((await propose(voter, story.id, '林渊', 'Lâm Viên')).status).toBe(200);
    expect(await storyNamesOf(db(), story.id)).toEqual({ 林渊: 'Lâm Uyên' });
    const waiting = await callApi<{ message: AdminStoryNames }>(storyNamesAdminHandler, { token: operator.token, params: { id: String(story.id) } });
    expect(waiting.body.message.proposals).toEqual([expect.objectContaining({ translation: 'Lâm Viên', supporters: 3, current: { translation: 'Lâm Uyên', locked: true } })]);

    const rejected = await operatorCall(rejectHandler, story.id, { original: '林渊', translation: 'Lâm Viên', note: 'Sai tên' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message.proposals).toEqual([]);
    expect((await operatorCall(rejectHandler, story.id, { original: '林渊', translation: 'Lâm Viên' })).status).toBe(404);

    expect((await operatorCall(lockHandler, story.id, { original: '林渊', locked: false })).body.message.shared[0].locked).toBe(false);
    const removed = await operatorCall(removeHandler, story.id, { original: '林渊' });
    expect(removed.body.message.shared).toEqual([]);
    expect(await storyNamesOf(db(), story.id)).toEqual({});
    expect((await operatorCall(removeHandler, story.id, { original: '林渊' })).status).toBe(404);
    expect((await operatorCall(acceptHandler, story.id, { original: '林渊', translation: 'Lâm <b>' })).status).toBe(400);

    const audit = await db()
      .select({ action: auditLog.action, targetType: auditLog.targetType, before: auditLog.before, after: auditLog.after, note: auditLog.note })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'names'), eq(auditLog.targetId, String(story.id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['names.accept', 'names.lock', 'names.reject', 'names.unlock', 'names.remove']);
    expect(audit[0]).toMatchObject({ before: null, after: { original: '林渊', translation: 'Lâm Uyên', locked: false, source: 'operator' } });
    expect(audit[1]).toMatchObject({ note: 'Tên chuẩn', after: expect.objectContaining({ locked: true }) });
    expect(audit[2].before).toMatchObject({ original: '林渊', translation: 'Lâm Viên', proposers: expect.arrayContaining(voters.map((voter) => voter.uid)) });
    expect(audit[4].before).toMatchObject({ original: '林渊', translation: 'Lâm Uyên' });
  });
});

describe('name packs', () => {
  it('import into the reader’s own list with a preview of added, changed and skipped lines', async () => {
    const story = await embeddedStory('ten-rieng-bo');
    const reader = await createReader('names-pack');
    await saveNames(reader, story.id, { 林渊: 'Lâm Uyên', 苏晴: 'Tô Tình' });
    const pack = ['林渊=Lâm Viên', '青云宗=Thanh Vân Tông/Thanh Vân Môn', '苏晴=Tô Tình', 'không có dấu bằng', '青云宗=Thanh Vân Khác', '王<b>=Vương'].join('\r\n');

    const preview = await importPack(reader, story.id, pack, true);
    expect(preview.status).toBe(200);
    expect(preview.body.message).toMatchObject({
      dryRun: true,
      counts: { added: 1, changed: 1, skipped: 4 },
      added: [{ line: 2, original: '青云宗', translation: 'Thanh Vân Tông' }],
      changed: [{ line: 1, original: '林渊', translation: 'Lâm Viên', previous: 'Lâm Uyên' }],
      skipped: [
        { line: 3, reason: 'giống tên bạn đang dùng.' },
        { line: 4, reason: 'thiếu dấu “=” (mỗi dòng có dạng 中文=Tên Việt).' },
        { line: 5, reason: '“青云宗” đã có ở dòng 2; giữ dòng đầu.' },
        { line: 6, reason: 'tên gốc không được chứa “<” hay “>”.' },
      ],
    });
    expect(await readerNamesOf(db(), story.id, reader.uid)).toEqual({ 林渊: 'Lâm Uyên', 苏晴: 'Tô Tình' });

    const done = await importPack(reader, story.id, pack);
    expect(done.body.message.dryRun).toBe(false);
    expect(done.body.message.names.mine).toEqual({ 林渊: 'Lâm Viên', 苏晴: 'Tô Tình', 青云宗: 'Thanh Vân Tông' });
    expect(await storyNamesOf(db(), story.id)).toEqual({});
    expect(await convertedChapters(story.id)).toBe(3);

    // What the reader exports reads back as the same list.
    const again = await importPack(reader, story.id, formatNamePack(done.body.message.names.names, done.body.message.names.mine), true);
    expect(again.body.message.counts).toEqual({ added: 0, changed: 0, skipped: 3 });
  });

  it('are bounded (256 KB, 413) and rate-limited per reader (429)', async () => {
    const story = await embeddedStory('ten-rieng-lon');
    const reader = await createReader('names-big');
    const big = await importPack(reader, story.id, `林渊=${'a'.repeat(256 * 1024)}`);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Tệp bộ tên quá lớn (tối đa 256 KB).');
    for (let i = 0; i < NAME_PACK_RULE.limit; i++) await hitRateLimit(db(), `names-import:${reader.uid}`, NAME_PACK_RULE);
    const limited = await importPack(reader, story.id, '林渊=Lâm Uyên');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await callApi(importHandler, { method: 'POST', body: { storyId: String(story.id), text: '林渊=Lâm Uyên' } })).status).toBe(401);
  });
});

describe('the migration from merged lists', () => {
  /** The data statements of the migration that introduced the shared lists, as written in its file. */
  function migrationDataStatements(): string[] {
    const file = readFileSync(path.join(process.cwd(), 'server/db/migrations/0010_shared_story_names.sql'), 'utf8');
    return file
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => /^(INSERT INTO "story_shared_names"|UPDATE "chapters")/.test(statement));
  }

  it('keeps each reader’s entries theirs and shares the merge only where readers agree', async () => {
    const agreed = await embeddedStory('ten-rieng-cu-dong-y');
    const disputed = await embeddedStory('ten-rieng-cu-tranh-cai');
    const readers = await Promise.all(['a', 'b', 'c'].map((tag) => createReader(`names-old-${tag}`)));
    const lists: { storyId: number; userId: string; entries: Record<string, string> }[] = [
      { storyId: agreed.id, userId: readers[0].uid, entries: { 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' } },
      { storyId: agreed.id, userId: readers[1].uid, entries: { 林渊: 'Lâm Uyên' } },
      { storyId: disputed.id, userId: readers[0].uid, entries: { 林渊: 'Lâm Uyên', 苏晴: 'Tô Tình' } },
      { storyId: disputed.id, userId: readers[1].uid, entries: { 林渊: 'Lâm Viên', 苏晴: 'Tô Tình' } },
      { storyId: disputed.id, userId: readers[2].uid, entries: { 苏晴: 'Tô Tình', 王: 'Vương' } },
    ];
    await db().insert(storyNames).values(lists);
    const statements = migrationDataStatements();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db().execute(sql.raw(statement));

    expect(await storyNamesOf(db(), agreed.id)).toEqual({ 林渊: 'Lâm Uyên', 青云宗: 'Thanh Vân Tông' });
    expect(await storyNamesOf(db(), disputed.id)).toEqual({ 苏晴: 'Tô Tình', 王: 'Vương' });
    const rows = await db().select({ source: storySharedNames.source, locked: storySharedNames.locked }).from(storySharedNames).where(eq(storySharedNames.storyId, disputed.id));
    expect(rows).toEqual([
      { source: 'migrated', locked: false },
      { source: 'migrated', locked: false },
    ]);
    for (const list of lists) expect(await readerNamesOf(db(), list.storyId, list.userId)).toEqual(list.entries);
    // The disputed story's chapters were converted with the last saver's form: converted again.
    expect(await convertedChapters(disputed.id)).toBe(0);
    expect(await convertedChapters(agreed.id)).toBe(3);
  });
});
