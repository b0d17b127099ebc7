import { eq } from 'drizzle-orm';
import type { NextApiRequest } from 'next';
import { db } from '../db/client';
import { users } from '../db/schema';
import { forbidden } from '../http/errors';
import { requireUser } from './requireUser';

export const NOT_AN_OPERATOR = 'Bạn không có quyền quản trị.';

/** The operator of a request: the actor its actions are recorded under (server/services/admin/audit.ts). */
export interface Operator {
  id: string;
  email: string;
  username: string;
}

/**
 * The signed-in operator of a request: 401 without a valid token (missing, forged, expired), 403
 * for any account whose role in PostgreSQL is not 'admin'. The role is read on every request, so
 * a revocation takes effect at once.
 */
export async function requireOperator(req: Pick<NextApiRequest, 'headers' | 'socket'>): Promise<Operator> {
  const user = await requireUser(req);
  const [row] = await db()
    .select({ id: users.id, email: users.email, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, user.uid))
    .limit(1);
  if (row?.role !== 'admin') throw forbidden(NOT_AN_OPERATOR);
  return { id: row.id, email: row.email, username: row.username };
}
