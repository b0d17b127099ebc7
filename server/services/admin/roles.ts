import { asc, eq, ne, sql } from 'drizzle-orm';
import type { UserRecord } from 'firebase-admin/auth';
import { adminAuth } from '../../auth/firebaseAdmin';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { recordAudit, type Actor } from './audit';

export type Role = (typeof users.$inferSelect)['role'];

export interface OperatorRow {
  id: string;
  email: string;
  username: string;
  role: Role;
  grantedBy: string | null;
  grantedAt: Date | null;
}

const roleColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  grantedBy: users.roleGrantedBy,
  grantedAt: users.roleGrantedAt,
};

/** The one account with this email (case-insensitive): 404 when none, 409 when several. */
export async function userIdByEmail(database: Pick<Database, 'select'>, email: string): Promise<string> {
  const matches = await database
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(2);
  if (matches.length === 0) throw notFound(`Không tìm thấy tài khoản có email ${email}.`);
  if (matches.length > 1) throw new HttpError(409, `Có nhiều tài khoản dùng email ${email}.`);
  return matches[0].id;
}

/**
 * 403 unless the identity service says the account's email is verified (and is still this
 * email): whoever holds an unverified address may not own it, and the operator role reads and
 * changes everything. 503 when the identity service cannot be asked.
 */
async function assertVerifiedEmail(id: string, email: string): Promise<void> {
  let account: UserRecord;
  try {
    account = await adminAuth().getUser(id);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') throw forbidden(`Tài khoản ${email} không còn trong dịch vụ đăng nhập: không cấp quyền quản trị.`);
    throw new HttpError(503, `Không hỏi được dịch vụ đăng nhập để kiểm tra email ${email} (${String((error as Error).message ?? error).slice(0, 200)}).`, 60);
  }
  if (account.email?.toLowerCase() !== email.trim().toLowerCase()) {
    throw forbidden(`Tài khoản này nay đăng nhập bằng email ${account.email ?? '(không có)'}, không phải ${email}: không cấp quyền quản trị.`);
  }
  if (!account.emailVerified) {
    throw forbidden(
      `Email ${email} chưa được xác minh: chỉ cấp quyền quản trị cho tài khoản đã xác minh email. Người đó cần bấm "Gửi email xác minh" ở trang Tài khoản, mở thư xác minh rồi thử lại.`,
    );
  }
}

async function setRole(database: Database, actor: Actor, email: string, role: Role): Promise<OperatorRow> {
  const granted = role !== 'reader' ? await userIdByEmail(database, email) : null;
  if (granted) await assertVerifiedEmail(granted, email);
  return database.transaction(async (tx) => {
    const id = await userIdByEmail(tx, email);
    if (granted && id !== granted) throw new HttpError(409, `Tài khoản có email ${email} vừa thay đổi; hãy thử lại.`);
    const [before] = await tx.select(roleColumns).from(users).where(eq(users.id, id)).for('update');
    const now = new Date();
    const [after] = await tx
      .update(users)
      .set(role === 'reader' ? { role, roleGrantedBy: null, roleGrantedAt: null, updatedAt: now } : { role, roleGrantedBy: actor.id, roleGrantedAt: now, updatedAt: now })
      .where(eq(users.id, id))
      .returning(roleColumns);
    await recordAudit(tx, actor, {
      action: role === 'reader' ? 'role.revoke' : 'role.grant',
      targetType: 'user',
      targetId: id,
      before: { role: before.role, grantedBy: before.grantedBy },
      after: { role: after.role, grantedBy: after.grantedBy },
    });
    return after;
  });
}

/** Makes the account an operator ('admin'), recording who granted it and when; its email must be verified. */
export function grantOperator(database: Database, actor: Actor, email: string): Promise<OperatorRow> {
  return setRole(database, actor, email, 'admin');
}

/** Makes the account a reader again. */
export function revokeOperator(database: Database, actor: Actor, email: string): Promise<OperatorRow> {
  return setRole(database, actor, email, 'reader');
}

/** Every account with a role above reader, by email. */
export async function listOperators(database: Database): Promise<OperatorRow[]> {
  return database.select(roleColumns).from(users).where(ne(users.role, 'reader')).orderBy(asc(users.email));
}
