import type { DefaultReplacementId, EntryProblem, Replacement, ReplacementLists } from '../player/replacements';
import { api } from './client';
import { loudly } from './policy';

export interface SavedReplacementList {
  entries: Replacement[];
  disabledDefaults: DefaultReplacementId[];
  /** Entries left out, with why (the others were saved). */
  problems: EntryProblem[];
}

/** GET /api/user/speech-replacements?storyId=: the reader's list, the story's list and the defaults turned off. */
export function fetchReplacementLists(storyId: string): Promise<ReplacementLists> {
  return loudly('fetchReplacementLists', async () => (await api.get<{ message: ReplacementLists }>('/user/speech-replacements', { params: { storyId } })).data.message);
}

/** PUT /api/user/speech-replacements {storyId?, entries, disabledDefaults?}: one list (the story's when storyId is given). */
export function saveReplacementListOnAccount(storyId: string | null, entries: unknown[], disabledDefaults?: string[]): Promise<SavedReplacementList> {
  const body = { ...(storyId ? { storyId } : {}), entries, ...(disabledDefaults ? { disabledDefaults } : {}) };
  return loudly('saveReplacementList', async () => (await api.put<{ message: SavedReplacementList }>('/user/speech-replacements', body)).data.message);
}
