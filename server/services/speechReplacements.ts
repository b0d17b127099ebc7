import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { isDefaultReplacementId, REPLACEMENT_LIMITS, validateReplacements, type DefaultReplacementId, type EntryProblem, type Replacement, type ReplacementLists } from '@/lib/player/replacements';
import type { AuthUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { speechReplacements, stories } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { enforceRateLimit } from './rateLimit';
import { ensureUserExists } from './users';

/** Saves a reader may make: plenty for editing a list, not a write per keystroke forever. */
const SAVE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };
/** Entries a request may carry: a full list and some bad ones to report; beyond that it is refused whole. */
const MAX_SENT_ENTRIES = REPLACEMENT_LIMITS.entries * 2;

const STORY_NOT_FOUND = 'Không tìm thấy truyện.';

const storyId = z.string().regex(/^\d{1,10}$/, 'Mã truyện không hợp lệ.').transform(Number);

export const ZReplacementQuery = z.object({ storyId });

export const ZReplacementSave = z.object({
  storyId: storyId.optional(),
  entries: z.array(z.unknown()),
  disabledDefaults: z.array(z.string().max(20)).max(20).optional(),
});

export interface SavedList {
  entries: Replacement[];
  disabledDefaults: DefaultReplacementId[];
  problems: EntryProblem[];
}

async function visibleStory(database: Database, id: number): Promise<void> {
  const [found] = await database.select({ id: stories.id }).from(stories).where(and(eq(stories.id, id), eq(stories.hidden, false))).limit(1);
  if (!found) throw notFound(STORY_NOT_FOUND);
}

const defaultsOf = (raw: unknown): DefaultReplacementId[] => (Array.isArray(raw) ? [...new Set(raw.filter(isDefaultReplacementId))] : []);

/** A reader's lists for a story: theirs for every story, the story's, and the defaults they turned off. */
export async function replacementListsOf(database: Database, userId: string, story: number): Promise<ReplacementLists> {
  await visibleStory(database, story);
  const rows = await database
    .select({ storyId: speechReplacements.storyId, entries: speechReplacements.entries, disabledDefaults: speechReplacements.disabledDefaults })
    .from(speechReplacements)
    .where(and(eq(speechReplacements.userId, userId), or(isNull(speechReplacements.storyId), eq(speechReplacements.storyId, story))));
  const reader = rows.find((row) => row.storyId === null);
  const forStory = rows.find((row) => row.storyId === story);
  return { reader: reader?.entries ?? [], story: forStory?.entries ?? [], disabledDefaults: defaultsOf(reader?.disabledDefaults) };
}

/**
 * Saves one of a reader's lists (the story's when `storyId` is given): the valid entries are
 * kept, each one left out is named with why. An empty story list is removed.
 */
export async function saveReplacementList(database: Database, user: AuthUser, input: z.infer<typeof ZReplacementSave>): Promise<SavedList> {
  if (input.entries.length > MAX_SENT_ENTRIES) throw badRequest(`Danh sách tối đa ${REPLACEMENT_LIMITS.entries} mục.`);
  await enforceRateLimit(database, `speech-replacements:${user.uid}`, SAVE_LIMIT, 'Bạn lưu danh sách thay thế quá nhanh.');
  if (input.storyId !== undefined) await visibleStory(database, input.storyId);
  await ensureUserExists(database, user);
  const { entries, problems } = validateReplacements(input.entries);
  const story = input.storyId ?? null;
  const owner = and(eq(speechReplacements.userId, user.uid), story === null ? isNull(speechReplacements.storyId) : eq(speechReplacements.storyId, story));
  if (story !== null && entries.length === 0) {
    await database.delete(speechReplacements).where(owner);
    return { entries, problems, disabledDefaults: [] };
  }
  const disabled = story === null && input.disabledDefaults ? defaultsOf(input.disabledDefaults) : undefined;
  const [row] = await database
    .insert(speechReplacements)
    .values({ userId: user.uid, storyId: story, entries, disabledDefaults: disabled ?? [] })
    .onConflictDoUpdate({
      target: [speechReplacements.userId, speechReplacements.storyId],
      set: { entries, ...(disabled ? { disabledDefaults: disabled } : {}), updatedAt: new Date() },
    })
    .returning({ disabledDefaults: speechReplacements.disabledDefaults });
  return { entries, problems, disabledDefaults: story === null ? defaultsOf(row.disabledDefaults) : [] };
}
