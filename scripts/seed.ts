import { z } from 'zod';
import { db } from '@/server/db/client';
import { isDatabaseEmpty, seedDemoCatalogue } from '@/server/db/seed/demo';
import { seedLargeCatalogue } from '@/server/db/seed/large';
import { seedViewHistory } from '@/server/services/views';

const USAGE = 'Cách dùng: npm run db:seed -- [--stories N --chapters-per-story M]';

const ZLargeSeedFlags = z.object({
  stories: z.coerce.number().int().min(1).max(1_000_000),
  chaptersPerStory: z.coerce.number().int().min(1).max(10_000),
});
export type TLargeSeedFlags = z.infer<typeof ZLargeSeedFlags>;

const FLAG_KEYS: Readonly<Record<string, keyof TLargeSeedFlags>> = {
  '--stories': 'stories',
  '--chapters-per-story': 'chaptersPerStory',
};

/** Parses `--stories N --chapters-per-story M` (also `--flag=value`); null when no flag is given. */
export function parseSeedFlags(argv: readonly string[]): TLargeSeedFlags | null {
  const raw: Partial<Record<keyof TLargeSeedFlags, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const key = FLAG_KEYS[flag];
    if (!key) throw new Error(`Tham số không hợp lệ: ${argv[i]}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`Thiếu giá trị cho ${flag}\n${USAGE}`);
    raw[key] = value;
  }
  if (Object.keys(raw).length === 0) return null;
  const parsed = ZLargeSeedFlags.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  --${issue.path.join('.') === 'chaptersPerStory' ? 'chapters-per-story' : issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Tham số không hợp lệ:\n${problems.join('\n')}\n${USAGE}`);
  }
  return parsed.data;
}

/** `npm run db:seed -- …`: the launcher has set DATABASE_URL and run the migrations. */
export async function main(argv: string[]): Promise<void> {
  const flags = parseSeedFlags(argv);
  const log = (line: string) => console.log(line);
  const database = db();
  if (flags) {
    await seedLargeCatalogue(database, { stories: flags.stories, chaptersPerStory: flags.chaptersPerStory, log });
    await seedViewHistory(database);
    return;
  }
  if (!(await isDatabaseEmpty(database))) {
    log('Cơ sở dữ liệu đã có dữ liệu mẫu, bỏ qua.');
    return;
  }
  await seedDemoCatalogue(database, { log });
  await seedViewHistory(database);
}
