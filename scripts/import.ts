/**
 * `npm run import -- FILE`: adds a story from a .txt, .epub or .json file, or replaces the story
 * with the same slug. Run through the launcher, which connects and migrates the database first.
 */
import path from 'node:path';
import { db } from '../server/db/client';
import { parseImportFile } from '../server/import';
import { importStory } from '../server/services/storyAdmin';

const USAGE = 'Cách dùng: npm run import -- FILE   (FILE là tệp .txt, .epub hoặc .json)';

export async function main(argv: string[]): Promise<void> {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  if (args.length !== 1 || args[0].startsWith('-')) throw new Error(USAGE);
  // npm runs scripts from the package root; a relative FILE means relative to where the operator typed it.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  const story = await parseImportFile(file);
  const result = await importStory(db(), story);
  console.log(`${result.created ? 'Đã thêm' : 'Đã cập nhật'} truyện ${result.slug} (${result.chapters} chương)`);
}
