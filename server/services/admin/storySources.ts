import { and, count, desc, eq, inArray, like } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminSiteDomain, AdminSourceSwitch, AdminStorySources } from '@/lib/api/admin';
import { isHostname } from '@/server/config/sourceDomains';
import type { Database } from '../../db/client';
import { auditLog, siteDomains, stories, storySourceChapters, storySources } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { ADAPTERS, adapterById, createFetcher, type TextFetcher } from '../../sources';
import { currentDomain, domainOrigin, refreshDomains } from '../../sources/domains';
import { addStorySource, fetchBook } from '../embedding/addSource';
import { resolveLink, ZEmbedLinkInput } from '../embedding/links';
import { switchServing, usable } from '../embedding/storySources';
import { recordAudit, type Actor } from './audit';

export const ZAddSourceInput = ZEmbedLinkInput;
export const ZServeSourceInput = z.object({ sourceId: z.coerce.number({ error: 'Nguồn không hợp lệ.' }).int().positive('Nguồn không hợp lệ.') });
export const ZSiteDomainInput = z.object({
  site: z.string({ error: 'Hãy chọn trang nguồn.' }).trim().min(1, 'Hãy chọn trang nguồn.').max(40),
  domain: z.string({ error: 'Hãy nhập tên miền.' }).trim().toLowerCase().max(253, 'Tên miền dài quá 253 ký tự.'),
});

/** How many of the story's switches the console shows. */
const SWITCHES_SHOWN = 20;

async function embeddedStory(database: Database, storyId: number) {
  const [story] = await database.select({ id: stories.id, origin: stories.origin }).from(stories).where(eq(stories.id, storyId));
  if (!story || story.origin !== 'embedded') throw notFound('Không tìm thấy truyện nhúng.');
  return story;
}

/** The story's sources with their health and the last switches between them, for the console's story screen. */
export async function listStorySources(database: Database, storyId: number): Promise<AdminStorySources> {
  await embeddedStory(database, storyId);
  const rows = await database.select().from(storySources).where(eq(storySources.storyId, storyId)).orderBy(storySources.priority);
  const aligned = rows.length
    ? await database
        .select({ sourceId: storySourceChapters.sourceId, chapters: count() })
        .from(storySourceChapters)
        .where(inArray(storySourceChapters.sourceId, rows.map((row) => row.id)))
        .groupBy(storySourceChapters.sourceId)
    : [];
  const audit = await database
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'story'), eq(auditLog.targetId, String(storyId)), like(auditLog.action, 'story.source.%')))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(SWITCHES_SHOWN);
  const site = (value: unknown) => (value && typeof value === 'object' && 'site' in value ? String((value as { site: unknown }).site) : null);
  const switches: AdminSourceSwitch[] = audit.map((row) => ({
    action: row.action,
    from: site(row.before),
    to: site(row.after),
    note: row.note,
    actor: row.actorEmail,
    at: row.createdAt.getTime(),
  }));
  return {
    sources: rows.map((row) => ({
      _id: String(row.id),
      site: row.site,
      siteName: adapterById(row.site)?.name ?? row.site,
      sourceUrl: row.sourceUrl,
      priority: row.priority,
      serving: row.serving,
      failures: row.failures,
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt?.getTime() ?? null,
      retryAt: row.retryAt?.getTime() ?? null,
      chapterCount: row.chapterCount,
      aligned: aligned.find((entry) => entry.sourceId === row.id)?.chapters ?? 0,
      addedBy: row.addedBy,
    })),
    switches,
    allFailing: rows.length > 0 && rows.every((row) => !usable({ ...row, serving: false })),
  };
}

/** An operator adds another site's copy of the story's book as a source (its title may be written differently). */
export async function addSourceByOperator(database: Database, actor: Actor, storyId: number, rawLink: string, fetcher: TextFetcher = createFetcher()): Promise<AdminStorySources> {
  await embeddedStory(database, storyId);
  const link = resolveLink(rawLink);
  await addStorySource(database, storyId, link, await fetchBook(link, fetcher), { addedBy: 'operator', actor, fetcher });
  return listStorySources(database, storyId);
}

/** An operator makes one of the story's sources the serving one. */
export async function serveSource(database: Database, actor: Actor, storyId: number, sourceId: number): Promise<AdminStorySources> {
  await embeddedStory(database, storyId);
  await database.transaction(async (tx) => {
    const rows = await tx.select().from(storySources).where(eq(storySources.storyId, storyId)).for('update');
    const to = rows.find((row) => row.id === sourceId);
    if (!to) throw notFound('Không tìm thấy nguồn này của truyện.');
    const from = rows.find((row) => row.serving);
    if (!from || from.id === to.id) return;
    await switchServing(tx, from, to, 'story.source.serve', 'người vận hành chọn nguồn', actor);
  });
  return listStorySources(database, storyId);
}

/** Every site's canonical domain and where it comes from. */
export async function listSiteDomains(database: Database): Promise<AdminSiteDomain[]> {
  await refreshDomains(ADAPTERS, database, true);
  return ADAPTERS.map((adapter) => ({
    site: adapter.id,
    name: adapter.name,
    domain: currentDomain(ADAPTERS, adapter),
    origin: domainOrigin(ADAPTERS, adapter),
    hosts: [...adapter.hosts],
  }));
}

/**
 * Sets a site's canonical domain from the console (every process follows within 30 s; this one
 * at once); an empty domain goes back to SOURCE_DOMAINS or the adapter's own. Stored stories keep
 * their links, which now reach the site on its new domain.
 */
export async function setSiteDomain(database: Database, actor: Actor, input: z.infer<typeof ZSiteDomainInput>): Promise<AdminSiteDomain[]> {
  const adapter = adapterById(input.site);
  if (!adapter) throw badRequest('Trang nguồn không được hỗ trợ.');
  if (input.domain && !isHostname(input.domain)) throw badRequest('Tên miền không hợp lệ (ví dụ: www.69shuba.cx).');
  await refreshDomains(ADAPTERS, database, true);
  const before = currentDomain(ADAPTERS, adapter);
  await database.transaction(async (tx) => {
    if (input.domain) {
      await tx
        .insert(siteDomains)
        .values({ site: adapter.id, domain: input.domain, updatedBy: actor.email })
        .onConflictDoUpdate({ target: siteDomains.site, set: { domain: input.domain, updatedBy: actor.email, updatedAt: new Date() } });
    } else {
      await tx.delete(siteDomains).where(eq(siteDomains.site, adapter.id));
    }
    await recordAudit(tx, actor, { action: 'source.domain', targetType: 'source', targetId: adapter.id, before: { domain: before }, after: { domain: input.domain || null } });
  });
  return listSiteDomains(database);
}
