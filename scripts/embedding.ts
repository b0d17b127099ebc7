/**
 * `npm run embedding -- approve|unapprove|check SLUG`: operator commands for embedded stories;
 * approve and unapprove are recorded in the audit log with the actor 'cli'. Run through the
 * launcher, which connects and migrates the database first.
 */
import { eq } from 'drizzle-orm';
import { db } from '../server/db/client';
import { stories } from '../server/db/schema';
import { approveStory, runFollowCheck } from '../server/services/embedding';

const USAGE = [
  'Cách dùng:',
  '  npm run embedding -- approve SLUG     cho phép công cụ tìm kiếm lập chỉ mục truyện nhúng',
  '  npm run embedding -- unapprove SLUG   bỏ lập chỉ mục (noindex) truyện nhúng',
  '  npm run embedding -- check [SLUG]     kiểm tra chương mới ngay (một truyện, hoặc mọi truyện được theo dõi)',
].join('\n');

async function check(slug: string | undefined): Promise<void> {
  let storyId: number | undefined;
  if (slug) {
    const [row] = await db().select({ id: stories.id }).from(stories).where(eq(stories.slug, slug)).limit(1);
    if (!row) throw new Error(`Không có truyện nào với slug '${slug}'`);
    storyId = row.id;
  }
  const report = await runFollowCheck(db(), { storyId });
  if (report.skipped) console.log('Một lượt kiểm tra khác đang chạy; hãy thử lại sau.');
  else console.log(`Đã kiểm tra ${report.checked} truyện: thêm ${report.added} chương mới, ${report.failed} truyện lỗi.`);
}

export async function main(argv: string[]): Promise<void> {
  const [action, slug, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  if (rest.length > 0 || slug?.startsWith('-')) throw new Error(USAGE);
  switch (action) {
    case 'approve':
    case 'unapprove': {
      if (!slug) throw new Error(USAGE);
      const story = await approveStory(db(), slug, action === 'approve');
      console.log(story.indexable ? `Đã duyệt truyện ${story.slug} (${story.title}): được lập chỉ mục` : `Đã bỏ duyệt truyện ${story.slug} (${story.title}): noindex`);
      return;
    }
    case 'check':
      await check(slug);
      return;
    default:
      throw new Error(USAGE);
  }
}
