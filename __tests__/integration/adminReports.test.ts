import { eq } from 'drizzle-orm';
import type { Comment } from '@/lib/api/community';
import { publicEnv } from '@/lib/publicEnv';
import type { Paged } from '@/lib/types';
import hideCommentHandler from '@/pages/api/admin/comments/[id]/hide';
import reportHandler from '@/pages/api/admin/reports/[id]';
import reportsHandler from '@/pages/api/admin/reports';
import createCommentHandler from '@/pages/api/comments/create';
import copyrightHandler from '@/pages/api/reports/copyright';
import createReportHandler from '@/pages/api/reports';
import { db } from '@/server/db/client';
import { auditLog, rateLimits, reports } from '@/server/db/schema';
import type { Report } from '@/server/services/admin/reports';
import { callApi } from '../helpers/api';
import { createOperator, createReader } from '../helpers/admin';
import type { TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Failure = { message: string };

let operator: TestIdentity;
let author: TestIdentity;
let reporter: TestIdentity;
let storyId: string;
let story: { slug: string; title: string };
let commentId: string;

const report = (who: TestIdentity | undefined, body: Record<string, unknown>) =>
  callApi<{ message: { _id: string; status: string } } & Failure>(createReportHandler, { method: 'POST', token: who?.token, body });
const queue = async (params: Record<string, string> = {}) => (await callApi<Paged<Report>>(reportsHandler, { token: operator.token, params })).body;
const copyright = (body: Record<string, unknown>) => callApi<{ message: { _id: string } } & Failure>(copyrightHandler, { method: 'POST', body });
const notice = (overrides: Record<string, unknown> = {}) => ({
  name: 'Công ty Sách Đông A',
  email: 'banquyen@example.com',
  links: [`${publicEnv.siteUrl}/${story.slug}`],
  statement: 'Chúng tôi giữ bản quyền tác phẩm này và chưa cấp phép đăng tải trên trang.',
  ...overrides,
});

beforeAll(async () => {
  await resetDatabase();
  operator = await createOperator('rep-op');
  author = await createReader('rep-author');
  reporter = await createReader('rep-reader');
  const row = await insertStory({ title: 'Truyện Bị Báo Cáo', chapters: 1 });
  storyId = String(row.id);
  story = { slug: row.slug, title: row.title };
  const posted = await callApi<{ message: Comment }>(createCommentHandler, { method: 'POST', token: author.token, body: { truyenId: storyId, content: 'Nội dung quảng cáo cờ bạc' } });
  commentId = posted.body.message._id;
});

beforeEach(async () => {
  await db().delete(rateLimits);
});

describe('POST /api/reports', () => {
  it('files a reader’s report once while it is open (409 after), and again once it is closed', async () => {
    const first = await report(reporter, { targetType: 'comment', targetId: commentId, reason: 'spam', detail: 'Quảng cáo' });
    expect(first.status).toBe(200);
    expect(first.body.message).toEqual({ _id: expect.any(String), status: 'new' });

    const again = await report(reporter, { targetType: 'comment', targetId: Number(commentId), reason: 'abuse' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Bạn đã báo cáo nội dung này, chúng tôi đang xem xét.' });
    // Another reader may report the same comment.
    expect((await report(author, { targetType: 'comment', targetId: commentId, reason: 'other' })).status).toBe(200);

    await db().update(reports).set({ status: 'rejected' }).where(eq(reports.id, Number(first.body.message._id)));
    expect((await report(reporter, { targetType: 'comment', targetId: commentId, reason: 'spam' })).status).toBe(200);
  });

  it('needs a token (401), a known reason and target (400, 404), and a detail of at most 1,000 characters', async () => {
    expect((await report(undefined, { targetType: 'story', targetId: storyId, reason: 'spam' })).status).toBe(401);
    expect((await report(reporter, { targetType: 'story', targetId: storyId, reason: 'boring' })).status).toBe(400);
    expect((await report(reporter, { targetType: 'copyright', targetId: storyId, reason: 'copyright' })).status).toBe(400);
    expect((await report(reporter, { targetType: 'review', targetId: '424242', reason: 'spam' })).status).toBe(404);
    expect((await report(reporter, { targetType: 'story', targetId: storyId, reason: 'spam', detail: 'x'.repeat(1001) })).status).toBe(413);
  });

  it('is rate-limited per reader: 429 with Retry-After', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await report(author, { targetType: 'story', targetId: storyId, reason: 'wrong_content' })).status);
    expect(answers[0]).toBe(200);
    expect(answers.slice(1, 10).every((status) => status === 409)).toBe(true);
    const refused = await report(author, { targetType: 'story', targetId: storyId, reason: 'wrong_content' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/quá nhanh/);
  });
});

describe('POST /api/reports/copyright', () => {
  it('stores a notice without an account and puts it in the queue', async () => {
    const sent = await copyright(notice());
    expect(sent.status).toBe(200);
    const { results } = await queue({ targetType: 'copyright' });
    expect(results).toEqual([
      expect.objectContaining({
        _id: sent.body.message._id,
        targetType: 'copyright',
        targetId: null,
        reason: 'copyright',
        status: 'new',
        reporter: null,
        contact: { name: 'Công ty Sách Đông A', email: 'banquyen@example.com' },
        links: [`${publicEnv.siteUrl}/${story.slug}`],
        target: null,
      }),
    ]);
  });

  it('accepts only links of this site, 1–20 of them, a valid email and a statement of 20–5,000 characters', async () => {
    expect((await copyright(notice({ links: ['https://other.example/truyen'] }))).status).toBe(400);
    expect((await copyright(notice({ links: [] }))).status).toBe(400);
    expect((await copyright(notice({ links: Array(21).fill(`${publicEnv.siteUrl}/a`) }))).status).toBe(400);
    expect((await copyright(notice({ email: 'khong-phai-email' }))).status).toBe(400);
    expect((await copyright(notice({ statement: 'quá ngắn' }))).status).toBe(400);
    expect((await copyright(notice({ statement: 'x'.repeat(5001) }))).status).toBe(413);
  });

  it('is rate-limited per address: 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await copyright(notice())).status).toBe(200);
    const refused = await copyright(notice());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

describe('the queue', () => {
  it('lists reports newest first with the target in context, filtered by status and kind', async () => {
    const open = await queue({ targetType: 'comment', status: 'new' });
    expect(open.total).toBe(2);
    expect(open.results[0].createdAt).toBeGreaterThanOrEqual(open.results[1].createdAt);
    expect(open.results.find((r) => r.reporter?._id === reporter.uid)).toMatchObject({
      targetType: 'comment',
      targetId: commentId,
      reason: 'spam',
      reporter: { _id: reporter.uid, email: reporter.email },
      target: { story: { _id: storyId, slug: story.slug, title: story.title }, content: 'Nội dung quảng cáo cờ bạc', author: { _id: author.uid, username: 'rep-author' }, hidden: false },
      handledBy: null,
    });
    expect((await queue({ status: 'rejected' })).total).toBe(1);
    expect((await queue({ perpage: '1', page: '1' })).results).toHaveLength(1);
  });

  it('moves a report along with a note (audited), and refuses an unknown status', async () => {
    const [target] = (await queue({ targetType: 'story' })).results;
    const patch = (body: unknown) => callApi<{ message: Report } & Failure>(reportHandler, { method: 'PATCH', token: operator.token, params: { id: target._id }, body });
    const moved = await patch({ status: 'in_progress', note: 'Đang liên hệ tác giả' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toMatchObject({ _id: target._id, status: 'in_progress', note: 'Đang liên hệ tác giả', handledBy: { _id: operator.uid, email: operator.email } });
    expect((await patch({ status: 'done' })).status).toBe(400);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, target._id));
    expect(audit).toEqual([expect.objectContaining({ action: 'report.update', targetType: 'report', before: { status: 'new', note: '' }, after: { status: 'in_progress', note: 'Đang liên hệ tác giả' } })]);
    expect((await callApi(reportHandler, { method: 'PATCH', token: operator.token, params: { id: '99999' }, body: { status: 'resolved' } })).status).toBe(404);
  });

  it('closes the open reports on a comment when the operator hides it', async () => {
    await callApi(hideCommentHandler, { method: 'POST', token: operator.token, params: { id: commentId }, body: { reason: 'Quảng cáo cờ bạc' } });
    const closed = await queue({ targetType: 'comment', status: 'resolved' });
    expect(closed.total).toBe(2);
    expect(closed.results.every((r) => r.handledBy?._id === operator.uid && r.target?.hidden === true && r.note === 'Quảng cáo cờ bạc')).toBe(true);
    expect((await queue({ targetType: 'comment', status: 'new' })).total).toBe(0);
  });
});
