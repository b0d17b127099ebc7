import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@/lib/api/admin';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { TAuditQuery } from './inputs';
import { paged, type Paged } from './paging';

export type { AuditEntry };

/** Who did an operator action: an operator account, or the command line. */
export interface Actor {
  id: string;
  email: string;
}

/** The actor of `npm run admin`, `npm run story` and other commands run on the server. */
export const CLI_ACTOR: Actor = { id: 'cli', email: 'cli' };

type Writer = Pick<Database, 'insert'>;

/** What an audit row may be about; the audit log's filter accepts these only. */
export const AUDIT_TARGET_TYPES = ['comment', 'review', 'user', 'story', 'report', 'order', 'dictionary', 'names', 'source'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export interface AuditRecord {
  action: string;
  targetType: AuditTargetType;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  note?: string;
}

/**
 * Writes one audit row; call it in the transaction of the action, so an action and its record
 * land together or not at all. The table refuses UPDATE and DELETE (a trigger, migration 0006).
 */
export async function recordAudit(tx: Writer, actor: Actor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    before: record.before ?? null,
    after: record.after ?? null,
    note: record.note ?? '',
  });
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    _id: String(row.id),
    actor: { _id: row.actorId, email: row.actorEmail },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    note: row.note,
    createdAt: row.createdAt.getTime(),
  };
}

/** A page of the audit log, newest first, filtered by action and target. */
export async function listAudit(database: Database, query: TAuditQuery): Promise<Paged<AuditEntry>> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    database
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.perpage)
      .offset(query.page * query.perpage),
    database.select({ total: count() }).from(auditLog).where(where),
  ]);
  return paged(rows.map(toEntry), total, query);
}
