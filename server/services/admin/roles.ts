import { asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
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

async function setRole(database: Database, actor: Actor, email: string, role: Role): Promise<OperatorRow> {
  return database.transaction(async (tx) => {
    const id = await userIdByEmail(tx, email);
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

/** Makes the account an operator ('admin'), recording who granted it and when. */
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
