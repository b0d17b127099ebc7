import { and, eq } from 'drizzle-orm';
import auditHandler from '@/pages/api/admin/audit';
import reportsHandler from '@/pages/api/admin/reports';
import storiesHandler from '@/pages/api/admin/stories';
import usersHandler from '@/pages/api/admin/users';
import ordersHandler from '@/pages/api/admin/vip/orders';
import searchReviewsHandler from '@/pages/api/reviews/search';
import { main as adminScript } from '@/scripts/admin';
import { main as embeddingScript } from '@/scripts/embedding';
import { db } from '@/server/db/client';
import { auditLog, stories, users } from '@/server/db/schema';
import { CLI_ACTOR } from '@/server/services/admin/audit';
import { grantOperator } from '@/server/services/admin/roles';
import { callApi } from '../helpers/api';
import { createOperator, createReader, verifyEmail } from '../helpers/admin';
import type { TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';
import { launcherEnv, startLauncher } from '../helpers/launcher';

/** Operators: who may become one, what their commands record, and what their lists accept. */

type Failure = { message: string };

let operator: TestIdentity;
const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);

beforeAll(async () => {
  await resetDatabase();
  operator = await createOperator('ops-holes-op');
});

afterAll(() => log.mockRestore());

const roleOf = async (uid: string) => (await db().select({ role: users.role }).from(users).where(eq(users.id, uid)))[0].role;
const auditOf = (action: string, targetId: string) => db().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

const LAUNCHER_MS = 90_000;

describe('granting the operator role', () => {
  it('is refused for an account whose email is not verified, by the service and by npm run admin', async () => {
    const reader = await createReader('ops-unverified');
    const why = `Email ${reader.email} chưa được xác minh: chỉ cấp quyền quản trị cho tài khoản đã xác minh email.`;
    await expect(grantOperator(db(), CLI_ACTOR, reader.email)).rejects.toMatchObject({ status: 403, message: expect.stringContaining(why) });
    await expect(adminScript(['grant', reader.email])).rejects.toThrow(why);

    // As an operator runs it: the reason on stderr, a non-zero exit.
    const run = startLauncher(
      ['admin', 'grant', reader.email],
      launcherEnv({
        DATABASE_URL: process.env.DATABASE_URL!,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
        FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID!,
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID!,
      }),
    );
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(why);

    expect(await roleOf(reader.uid)).toBe('reader');
    expect(await auditOf('role.grant', reader.uid)).toEqual([]);
  }, LAUNCHER_MS);

  it('is given once the email is verified, also by npm run admin on the demo set-up (the emulator found by its port)', async () => {
    const reader = await createReader('ops-verified');
    await verifyEmail(reader);
    const [host, port] = process.env.FIREBASE_AUTH_EMULATOR_HOST!.split(':');
    expect(host).toBe('127.0.0.1');
    const run = startLauncher(
      ['admin', 'grant', reader.email],
      launcherEnv({ DATABASE_URL: process.env.DATABASE_URL!, AUTH_EMULATOR_PORT: port, NEXT_PUBLIC_FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID! }),
    );
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain(`Đã cấp quyền quản trị cho ${reader.email}`);
    expect(await roleOf(reader.uid)).toBe('admin');
  }, LAUNCHER_MS);
});

describe('npm run embedding -- approve|unapprove', () => {
  it('writes an audit row with the actor cli', async () => {
    const story = await insertStory({ title: 'Truyện Nhúng Chờ Duyệt', slug: 'truyen-nhung-cho-duyet' });
    await db().update(stories).set({ origin: 'embedded', indexable: false }).where(eq(stories.id, story.id));
    await embeddingScript(['approve', story.slug]);
    await embeddingScript(['--', 'unapprove', story.slug]);
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, String(story.id))).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorId, e.actorEmail, e.targetType, e.before, e.after])).toEqual([
      ['story.approve', 'cli', 'cli', 'story', { slug: story.slug, indexable: false }, { slug: story.slug, indexable: true }],
      ['story.unapprove', 'cli', 'cli', 'story', { slug: story.slug, indexable: true }, { slug: story.slug, indexable: false }],
    ]);
  });
});

describe('list filters', () => {
  const list = (handler: typeof reportsHandler, params: Record<string, string>) => callApi<Failure>(handler, { token: operator.token, params });

  it.each([
    ['reports', { status: "';drop" }, reportsHandler, 'Trạng thái không hợp lệ; dùng một trong: new, in_progress, resolved, rejected.'],
    ['reports', { targetType: 'user' }, reportsHandler, 'Loại báo cáo không hợp lệ; dùng một trong: comment, review, story, copyright.'],
    ['stories', { hidden: 'yes' }, storiesHandler, 'Bộ lọc ẩn/hiện không hợp lệ; dùng một trong: true, false.'],
    ['stories', { origin: 'imported' }, storiesHandler, 'Nguồn truyện không hợp lệ; dùng một trong: native, embedded.'],
    ['VIP orders', { status: 'refunded' }, ordersHandler, 'Trạng thái đơn không hợp lệ; dùng một trong: pending, paid, cancelled, failed.'],
    ['audit', { targetType: "';drop" }, auditHandler, 'Loại đối tượng không hợp lệ; dùng một trong: comment, review, user, story, report, order, dictionary, names, source.'],
    ['audit', { action: "role.grant';drop" }, auditHandler, 'Thao tác không hợp lệ: tên thao tác có dạng story.hide.'],
    ['audit', { targetId: '1 or 1=1' }, auditHandler, 'Mã đối tượng không hợp lệ.'],
    ['accounts', { page: '-1' }, usersHandler, 'Dữ liệu không hợp lệ ở trường "page".'],
  ])('of the %s list answer 400 with a Vietnamese message for %j', async (_name, params, handler, message) => {
    const { status, body } = await list(handler, params);
    expect(status).toBe(400);
    expect(body).toEqual({ message });
  });

  it('accept known values and blanks (no filter)', async () => {
    for (const [handler, params] of [
      [reportsHandler, { status: 'new', targetType: 'comment' }],
      [reportsHandler, { status: '' }],
      [storiesHandler, { hidden: 'false', origin: 'native' }],
      [ordersHandler, { status: 'paid' }],
      [auditHandler, { targetType: 'story', action: 'story.approve', targetId: '1007' }],
    ] as const) {
      expect((await list(handler, params)).status).toBe(200);
    }
  });

  it('of a story’s reviews refuse an unknown order', async () => {
    const story = await insertStory({ title: 'Truyện Có Đánh Giá', slug: 'truyen-co-danh-gia' });
    const search = (sort: unknown) => callApi<Failure>(searchReviewsHandler, { method: 'POST', body: { truyenId: String(story.id), sort } });
    const refused = await search("new';drop");
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Kiểu sắp xếp không hợp lệ; dùng new hoặc liked.' });
    expect((await search('liked')).status).toBe(200);
    expect((await search(undefined)).status).toBe(200);
  });
});
