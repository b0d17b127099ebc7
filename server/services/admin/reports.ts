import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Report } from '@/lib/api/admin';
import { publicEnv } from '@/lib/publicEnv';
import type { Database } from '../../db/client';
import { comments, reports, reviews, stories, users } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { Reader } from '../../http/reader';
import { enforceRateLimit, enforceReaderLimit, type RateLimitRule } from '../rateLimit';
import { recordAudit, type Actor } from './audit';
import type { TCopyrightReportInput, TCreateReportInput, TReportsQuery, TUpdateReportInput } from './inputs';
import { offsetOf, paged, type Paged } from './paging';

export type { Report };

type ReportRow = typeof reports.$inferSelect;
type ReportTarget = NonNullable<Report['target']>;

export const DUPLICATE_REPORT = 'Bạn đã báo cáo nội dung này, chúng tôi đang xem xét.';

/** How often readers may report, and anyone may send the copyright form (shared by all instances). */
export const REPORT_LIMITS = {
  report: { limit: 10, windowMs: 10 * 60_000 },
  copyright: { limit: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;
const TOO_FAST = {
  report: 'Bạn gửi báo cáo quá nhanh.',
  copyright: 'Bạn gửi yêu cầu quá nhanh.',
};

function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: unknown };
  return code === '23505' || (cause as { code?: string } | undefined)?.code === '23505';
}

/** The reported comment, review or story, visible to readers or not (hidden ones can be reported before the hide lands). */
async function targetExists(database: Database, input: TCreateReportInput): Promise<boolean> {
  const table = input.targetType === 'comment' ? comments : input.targetType === 'review' ? reviews : stories;
  const [row] = await database.select({ id: table.id }).from(table).where(eq(table.id, input.targetId)).limit(1);
  return row !== undefined;
}

/** A reader's report; 409 while their report on the same target is still open. */
export async function createReport(database: Database, reporterId: string, input: TCreateReportInput): Promise<{ _id: string; status: 'new' }> {
  await enforceRateLimit(database, `report:user:${reporterId}`, REPORT_LIMITS.report, TOO_FAST.report);
  if (!(await targetExists(database, input))) throw notFound('Không tìm thấy nội dung được báo cáo.');
  try {
    const [row] = await database
      .insert(reports)
      .values({ targetType: input.targetType, targetId: input.targetId, reason: input.reason, detail: input.detail, reporterId })
      .returning({ id: reports.id });
    return { _id: String(row.id), status: 'new' };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_REPORT);
    throw error;
  }
}

/** Only links to pages of this site are accepted: an absolute URL on its host, or a path. */
function ownSiteLinks(links: readonly string[]): string[] {
  const site = new URL(publicEnv.siteUrl);
  return links.map((link) => {
    let url: URL;
    try {
      url = new URL(link, site);
    } catch {
      throw badRequest(`Đường dẫn không hợp lệ: ${link.slice(0, 200)}`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host !== site.host) {
      throw badRequest(`Chỉ nhận đường dẫn truyện trên trang này (${site.host}): ${link.slice(0, 200)}`);
    }
    return url.toString();
  });
}

/**
 * A copyright notice from the form on /thong-tin/about-us, into the same queue; `reader` is whom
 * the rate limit counts (its device within its address's ceiling, server/http/reader.ts).
 */
export async function createCopyrightReport(database: Database, reader: Reader, input: TCopyrightReportInput): Promise<{ _id: string }> {
  await enforceReaderLimit(database, 'copyright', reader, REPORT_LIMITS.copyright, TOO_FAST.copyright);
  const links = ownSiteLinks(input.links);
  const [row] = await database
    .insert(reports)
    .values({ targetType: 'copyright', targetId: null, reason: 'copyright', contactName: input.name, contactEmail: input.email, links, statement: input.statement })
    .returning({ id: reports.id });
  return { _id: String(row.id) };
}

async function targetsOf(database: Database, rows: ReportRow[]): Promise<Map<string, ReportTarget>> {
  const ids = (type: ReportRow['targetType']) => rows.filter((r) => r.targetType === type && r.targetId !== null).map((r) => r.targetId!);
  const [commentIds, reviewIds, storyIds] = [ids('comment'), ids('review'), ids('story')];
  const storyOf = (id: number | null, slug: string | null, title: string | null) => (id !== null && slug && title ? { _id: String(id), slug, title } : null);
  const authorOf = (id: string | null, username: string | null) => (id ? { _id: id, username: username ?? '' } : null);
  const [commentRows, reviewRows, storyRows] = await Promise.all([
    commentIds.length
      ? database
          .select({ id: comments.id, content: comments.content, hidden: comments.hidden, deleted: comments.deleted, storyId: stories.id, slug: stories.slug, title: stories.title, userId: users.id, username: users.username })
          .from(comments)
          .leftJoin(stories, eq(stories.id, comments.storyId))
          .leftJoin(users, eq(users.id, comments.userId))
          .where(inArray(comments.id, commentIds))
      : [],
    reviewIds.length
      ? database
          .select({ id: reviews.id, content: reviews.content, hidden: reviews.hidden, storyId: stories.id, slug: stories.slug, title: stories.title, userId: users.id, username: users.username })
          .from(reviews)
          .leftJoin(stories, eq(stories.id, reviews.storyId))
          .leftJoin(users, eq(users.id, reviews.userId))
          .where(inArray(reviews.id, reviewIds))
      : [],
    storyIds.length
      ? database.select({ id: stories.id, slug: stories.slug, title: stories.title, hidden: stories.hidden }).from(stories).where(inArray(stories.id, storyIds))
      : [],
  ]);
  const targets = new Map<string, ReportTarget>();
  for (const c of commentRows) {
    targets.set(`comment:${c.id}`, { story: storyOf(c.storyId, c.slug, c.title), content: c.deleted ? null : c.content, author: authorOf(c.userId, c.username), hidden: c.hidden });
  }
  for (const r of reviewRows) {
    targets.set(`review:${r.id}`, { story: storyOf(r.storyId, r.slug, r.title), content: r.content, author: authorOf(r.userId, r.username), hidden: r.hidden });
  }
  for (const s of storyRows) targets.set(`story:${s.id}`, { story: storyOf(s.id, s.slug, s.title), content: null, author: null, hidden: s.hidden });
  return targets;
}

async function toReports(database: Database, rows: ReportRow[]): Promise<Report[]> {
  const people = [...new Set(rows.flatMap((r) => [r.reporterId, r.handledBy]).filter((id): id is string => id !== null))];
  const [targets, personRows] = await Promise.all([
    targetsOf(database, rows),
    people.length ? database.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, people)) : [],
  ]);
  const person = new Map(personRows.map((p) => [p.id, { _id: p.id, email: p.email }]));
  return rows.map((row) => ({
    _id: String(row.id),
    targetType: row.targetType,
    targetId: row.targetId === null ? null : String(row.targetId),
    reason: row.reason,
    detail: row.detail,
    status: row.status,
    reporter: row.reporterId ? (person.get(row.reporterId) ?? null) : null,
    contact: row.contactName !== null || row.contactEmail !== null ? { name: row.contactName ?? '', email: row.contactEmail ?? '' } : null,
    links: row.links,
    statement: row.statement,
    target: row.targetId === null ? null : (targets.get(`${row.targetType}:${row.targetId}`) ?? null),
    note: row.note,
    handledBy: row.handledBy ? (person.get(row.handledBy) ?? null) : null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  }));
}

/** The queue, newest first, with each target in context. */
export async function listReports(database: Database, query: TReportsQuery): Promise<Paged<Report>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(reports.status, query.status));
  if (query.targetType) filters.push(eq(reports.targetType, query.targetType));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    database.select().from(reports).where(where).orderBy(desc(reports.createdAt), desc(reports.id)).limit(query.perpage).offset(offsetOf(query)),
    database.select({ total: count() }).from(reports).where(where),
  ]);
  return paged(await toReports(database, rows), total, query);
}

/** Moves a report along the queue (or back), with the operator's note; audited. */
export async function updateReport(database: Database, actor: Actor, reportId: number, input: TUpdateReportInput): Promise<Report> {
  const row = await database.transaction(async (tx) => {
    const [before] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!before) throw notFound('Không tìm thấy báo cáo.');
    const [after] = await tx
      .update(reports)
      .set({ status: input.status, note: input.note ?? before.note, handledBy: actor.id === 'cli' ? before.handledBy : actor.id, updatedAt: new Date() })
      .where(eq(reports.id, reportId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'report.update',
      targetType: 'report',
      targetId: reportId,
      before: { status: before.status, note: before.note },
      after: { status: after.status, note: after.note },
      note: input.note ?? '',
    });
    return after;
  });
  const [report] = await toReports(database, [row]);
  return report;
}
