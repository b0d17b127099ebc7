import { integer, jsonb, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import type { Replacement } from '@/lib/player/replacements';
import { updatedAt } from './columns';
import { stories } from './catalogue';
import { readerRef } from './readers';

/**
 * "Thay thế khi đọc": a reader's replacements for what the player says. One row for every story
 * (story_id null, with the defaults the reader turned off) and one per story with a list.
 */
export const speechReplacements = pgTable(
  'speech_replacements',
  {
    id: serial('id').primaryKey(),
    userId: readerRef(),
    /** The story the list is for; null for the reader's list for every story. */
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'cascade' }),
    /** At most 500 entries, each side at most 100 characters (checked before saving). */
    entries: jsonb('entries').$type<Replacement[]>().notNull().default([]),
    /** Ids of the defaults turned off (lib/player/replacements.ts); on the reader's row only. */
    disabledDefaults: jsonb('disabled_defaults').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [unique('speech_replacements_owner_story').on(t.userId, t.storyId).nullsNotDistinct()],
);
