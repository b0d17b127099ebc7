import type { NextApiRequest } from 'next';
import { db } from '../db/client';
import { forbidden } from '../http/errors';
import type { Actor } from '../services/admin/audit';
import { roleOf, type OperatorRow } from '../services/admin/roles';
import { requireUser } from './requireUser';

export const NOT_AN_OPERATOR = 'Bạn không có quyền quản trị.';

export interface Operator extends Actor {
  username: string;
}

/**
 * The signed-in operator of a request: 401 without a valid token (missing, forged, expired), 403
 * for any account whose role in PostgreSQL is not 'admin'. The role is read on every request, so
 * a revocation takes effect at once.
 */
export async function requireOperator(req: Pick<NextApiRequest, 'headers' | 'socket'>): Promise<Operator> {
  const user = await requireUser(req);
  const row: OperatorRow | null = await roleOf(db(), user.uid);
  if (row?.role !== 'admin') throw forbidden(NOT_AN_OPERATOR);
  return { id: row.id, email: row.email, username: row.username };
}
