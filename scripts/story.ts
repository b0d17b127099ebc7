/**
 * `npm run story -- hide|unhide|remove SLUG [note]`: copyright takedowns, recorded in the audit log
 * with the actor 'cli'. Run through the launcher, which connects and migrates the database first.
 */
import { db } from '../server/db/client';
import { hideStory, removeStory, unhideStory } from '../server/services/storyAdmin';

const USAGE = [
  'Cách dùng:',
  '  npm run story -- hide SLUG [ghi chú]     ẩn truyện (gỡ bản quyền), giữ dữ liệu',
  '  npm run story -- unhide SLUG [ghi chú]   hiện lại truyện đã ẩn',
  '  npm run story -- remove SLUG [ghi chú]   xóa hẳn truyện cùng các chương',
].join('\n');

export async function main(argv: string[]): Promise<void> {
  const [action, slug, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  const note = rest.join(' ').trim();
  if (!slug || slug.startsWith('-')) throw new Error(USAGE);
  switch (action) {
    case 'hide': {
      const story = await hideStory(db(), slug, note);
      console.log(`Đã ẩn truyện ${story.slug} (${story.title})`);
      return;
    }
    case 'unhide': {
      const story = await unhideStory(db(), slug, note);
      console.log(`Đã hiện lại truyện ${story.slug} (${story.title})`);
      return;
    }
    case 'remove': {
      const story = await removeStory(db(), slug, note);
      console.log(`Đã xóa truyện ${story.slug} (${story.title})`);
      return;
    }
    default:
      throw new Error(USAGE);
  }
}
