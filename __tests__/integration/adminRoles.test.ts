import { eq, sql } from 'drizzle-orm';
import auditHandler from '@/pages/api/admin/audit';
import { main as adminScript } from '@/scripts/admin';
import { main as storyScript } from '@/scripts/story';
import { db } from '@/server/db/client';
import { auditLog, users } from '@/server/db/schema';
import type { AuditEntry } from '@/server/services/admin/audit';
import { callApi } from '../helpers/api';
import { createOperator, createReader, verifyEmail } from '../helpers/admin';
import type { TestIdentity } from '../helpers/auth';
import { insertStory, resetDatabase } from '../helpers/db';

type Paged<T> = { results: T[]; total: number; page: number; perpage: number };

let reader: TestIdentity;
let operator: TestIdentity;
const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);

beforeAll(async () => {
  await resetDatabase();
  reader = await createReader('roles-reader');
  await verifyEmail(reader);
  operator = await createOperator('roles-op');
});

afterAll(() => log.mockRestore());

/** The database's error of a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return (error as { cause?: unknown }).cause ?? error;
  }
  throw new Error('the statement was not refused');
}

const roleOf = async (uid: string) => (await db().select().from(users).where(eq(users.id, uid)))[0];

describe('npm run admin -- grant|revoke|list', () => {
  it('grants the role by email (any case), recording the command line and the time', async () => {
    const before = Date.now();
    await adminScript(['grant', reader.email.toUpperCase()]);
    const row = await roleOf(reader.uid);
    expect(row.role).toBe('admin');
    expect(row.roleGrantedBy).toBe('cli');
    expect(row.roleGrantedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining(`Đã cấp quyền quản trị cho ${reader.email}`));
  });

  it('lists the operators with who granted them', async () => {
    await adminScript(['--', 'list']);
    const printed = String(log.mock.calls.at(-1)?.[0]);
    expect(printed).toContain(reader.email);
    expect(printed).toContain(operator.email);
    expect(printed).toContain('cấp bởi cli');
  });

  it('revokes the role, and writes both to the audit log with the actor cli', async () => {
    await adminScript(['revoke', reader.email]);
    const row = await roleOf(reader.uid);
    expect(row).toMatchObject({ role: 'reader', roleGrantedBy: null, roleGrantedAt: null });
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, reader.uid)).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorId, e.actorEmail, e.targetType])).toEqual([
      ['role.grant', 'cli', 'cli', 'user'],
      ['role.revoke', 'cli', 'cli', 'user'],
    ]);
    expect(entries[0]).toMatchObject({ before: { role: 'reader', grantedBy: null }, after: { role: 'admin', grantedBy: 'cli' } });
  });

  it('names an unknown email and prints its usage otherwise', async () => {
    await expect(adminScript(['grant', 'khong-co@example.com'])).rejects.toThrow('Không tìm thấy tài khoản có email khong-co@example.com');
    await expect(adminScript(['promote', reader.email])).rejects.toThrow('Cách dùng:');
    await expect(adminScript(['grant'])).rejects.toThrow('Cách dùng:');
  });
});

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [entry] = await db().select().from(auditLog).limit(1);
    for (const attempt of [
      db().update(auditLog).set({ note: 'sửa' }).where(eq(auditLog.id, entry.id)),
      db().delete(auditLog).where(eq(auditLog.id, entry.id)),
      db().execute(sql`truncate audit_log`),
    ]) {
      expect(await refusal(attempt)).toMatchObject({ code: '42501', message: expect.stringMatching(/audit_log is append-only: (UPDATE|DELETE|TRUNCATE) refused/) });
    }
    const [still] = await db().select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(still).toEqual(entry);
  });

  it('records the command line takedowns of npm run story', async () => {
    const story = await insertStory({ title: 'Truyện Bị Khiếu Nại', slug: 'truyen-bi-khieu-nai' });
    await storyScript(['hide', story.slug, 'thư', 'khiếu', 'nại']);
    await storyScript(['unhide', story.slug]);
    await storyScript(['remove', story.slug, 'gỡ hẳn']);
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, String(story.id))).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorId, e.targetType, e.note])).toEqual([
      ['story.hide', 'cli', 'story', 'thư khiếu nại'],
      ['story.unhide', 'cli', 'story', ''],
      ['story.remove', 'cli', 'story', 'gỡ hẳn'],
    ]);
    expect(entries[2].before).toMatchObject({ slug: story.slug, title: 'Truyện Bị Khiếu Nại' });
  });

  it('is listed to operators newest first, paged and filtered', async () => {
    const all = await callApi<Paged<AuditEntry>>(auditHandler, { token: operator.token, params: { perpage: '2' } });
    expect(all.status).toBe(200);
    expect(all.body.perpage).toBe(2);
    expect(all.body.results).toHaveLength(2);
    expect(all.body.total).toBeGreaterThanOrEqual(6);
    expect(all.body.results[0].action).toBe('story.remove');
    expect(all.body.results[0].createdAt).toBeGreaterThanOrEqual(all.body.results[1].createdAt);
    expect(all.body.results[0]).toMatchObject({ actor: { _id: 'cli', email: 'cli' }, targetType: 'story', note: 'gỡ hẳn' });

    const grants = await callApi<Paged<AuditEntry>>(auditHandler, { token: operator.token, params: { action: 'role.grant', targetId: reader.uid } });
    expect(grants.body.total).toBe(1);
    expect(grants.body.results[0]).toMatchObject({ action: 'role.grant', targetType: 'user', targetId: reader.uid, after: { role: 'admin' } });
  });
});
