import { timingSafeEqual } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { NextApiResponse } from 'next';
import { z } from 'zod';
import { bearerToken } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { stories } from '@/server/db/schema';
import { notFound, unauthorized } from '@/server/http/errors';
import { apiRoute } from '@/server/api/handler';
import { jobsSettings } from '@/server/env';
import { runFollowCheck } from '@/server/services/embedding';
import { regeneratePage } from '@/server/http/regeneratePage';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

const ZEmbedCheckInput = z.object({ slug: z.string().min(1).max(200).optional() });

function sameSecret(given: string | null, secret: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function storyIdOf(slug: string | undefined): Promise<number | undefined> {
  if (!slug) return undefined;
  const [row] = await db().select({ id: stories.id }).from(stories).where(eq(stories.slug, slug)).limit(1);
  if (!row) throw notFound('Không tìm thấy truyện.');
  return row.id;
}

/** Regenerates the story pages that got new chapters, so readers see them at once. */
async function revalidateStories(res: NextApiResponse, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db().select({ slug: stories.slug }).from(stories).where(inArray(stories.id, ids));
  await Promise.all(rows.map(({ slug }) => regeneratePage(res, `/${slug}`)));
}

/** POST /api/jobs/embed-check {slug?} with `Authorization: Bearer JOBS_SECRET`: runs the follow check now. */
export default apiRoute({
  POST: async (req, res) => {
    const secret = jobsSettings().JOBS_SECRET;
    if (!secret) throw notFound();
    if (!sameSecret(bearerToken(req), secret)) throw unauthorized('Sai mã bí mật của tác vụ.');
    const { slug } = ZEmbedCheckInput.parse(req.body ?? {});
    const report = await runFollowCheck(db(), { storyId: await storyIdOf(slug) });
    await revalidateStories(res, report.updated);
    return { message: report };
  },
}, { admission: false });
