import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { embeddedSources, stories } from '@/server/db/schema';
import { CLI_ACTOR, recordAudit, type Actor } from '@/server/services/admin/audit';

export interface ApprovedStory {
  slug: string;
  title: string;
  indexable: boolean;
}

/**
 * An operator's approval of an embedded story for search engines (`indexable`), or its
 * withdrawal, recorded in the audit log (`story.approve`, `story.unapprove`) in the same
 * transaction. Throws with a Vietnamese message naming the slug when it is not an embedded story.
 */
export async function approveStory(database: Database, slug: string, approved = true, actor: Actor = CLI_ACTOR): Promise<ApprovedStory> {
  return database.transaction(async (tx) => {
    const [story] = await tx
      .select({ id: stories.id, title: stories.title, origin: stories.origin, indexable: stories.indexable })
      .from(stories)
      .where(eq(stories.slug, slug))
      .for('update');
    if (!story) throw new Error(`Không có truyện nào với slug '${slug}'`);
    if (story.origin !== 'embedded') throw new Error(`'${slug}' không phải truyện nhúng; truyện thường luôn được lập chỉ mục`);
    await tx.update(stories).set({ indexable: approved }).where(eq(stories.id, story.id));
    await tx.update(embeddedSources).set({ approved }).where(eq(embeddedSources.storyId, story.id));
    await recordAudit(tx, actor, {
      action: approved ? 'story.approve' : 'story.unapprove',
      targetType: 'story',
      targetId: story.id,
      before: { slug, indexable: story.indexable },
      after: { slug, indexable: approved },
    });
    return { slug, title: story.title, indexable: approved };
  });
}
