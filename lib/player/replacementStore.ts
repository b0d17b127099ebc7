import { fetchReplacementLists, saveReplacementListOnAccount, type SavedReplacementList } from '@/lib/api/speechReplacements';
import { readToken } from '@/lib/storage';
import { isDefaultReplacementId, validateReplacements, type ReplacementLists } from './replacements';
import type { KeyValueStore } from './storage';

/** Replacement lists kept on the device while signed out: `{reader, disabledDefaults, stories: {id: entries}}`. */
export const PLAYER_REPLACEMENTS_KEY = 'playerReplacements';
/** Story lists kept on the device: the most recently saved stories. */
const MAX_DEVICE_STORIES = 100;

interface DeviceLists {
  reader: unknown[];
  disabledDefaults: unknown[];
  stories: Record<string, { entries: unknown[]; time: number }>;
}

function readDevice(store: KeyValueStore | null): DeviceLists {
  try {
    const raw = JSON.parse(store?.getItem(PLAYER_REPLACEMENTS_KEY) ?? 'null') as Partial<DeviceLists> | null;
    return {
      reader: Array.isArray(raw?.reader) ? raw.reader : [],
      disabledDefaults: Array.isArray(raw?.disabledDefaults) ? raw.disabledDefaults : [],
      stories: raw?.stories && typeof raw.stories === 'object' ? raw.stories : {},
    };
  } catch {
    return { reader: [], disabledDefaults: [], stories: {} };
  }
}

function writeDevice(store: KeyValueStore | null, lists: DeviceLists): void {
  try {
    store?.setItem(PLAYER_REPLACEMENTS_KEY, JSON.stringify(lists));
  } catch {
    // Storage full or disabled: the lists last for this visit.
  }
}

const defaultsOf = (raw: unknown[]) => [...new Set(raw.filter(isDefaultReplacementId))];

/** A story's lists from the device (checked as the server checks them). */
export function deviceLists(store: KeyValueStore | null, storyId: string): ReplacementLists {
  const device = readDevice(store);
  return {
    reader: validateReplacements(device.reader).entries,
    story: validateReplacements(device.stories[storyId]?.entries ?? []).entries,
    disabledDefaults: defaultsOf(device.disabledDefaults),
  };
}

/** Saves one list on the device; the problems of entries left out are those the server would give. */
export function saveDeviceList(store: KeyValueStore | null, storyId: string | null, raw: unknown[], disabledDefaults?: unknown[], now = Date.now()): SavedReplacementList {
  const device = readDevice(store);
  const { entries, problems } = validateReplacements(raw);
  if (storyId) {
    device.stories[storyId] = { entries, time: now };
    const kept = Object.entries(device.stories)
      .filter(([, list]) => list.entries.length > 0)
      .sort(([, a], [, b]) => b.time - a.time)
      .slice(0, MAX_DEVICE_STORIES);
    device.stories = Object.fromEntries(kept);
  } else device.reader = entries;
  if (disabledDefaults) device.disabledDefaults = defaultsOf(disabledDefaults);
  writeDevice(store, device);
  return { entries, problems, disabledDefaults: defaultsOf(device.disabledDefaults) };
}

function browserStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * A story's lists: on the account when signed in, else on the device. A failed load rejects, so
 * the panel never offers to save over lists it could not read (the player speaks without them).
 */
export async function loadReplacementLists(storyId: string): Promise<ReplacementLists> {
  if (!readToken()) return deviceLists(browserStore(), storyId);
  return fetchReplacementLists(storyId);
}

/** Saves a list where the reader's lists are kept (the account, or the device when signed out). */
export function saveReplacementList(storyId: string | null, entries: unknown[], disabledDefaults?: string[]): Promise<SavedReplacementList> {
  if (!readToken()) return Promise.resolve(saveDeviceList(browserStore(), storyId, entries, disabledDefaults));
  return saveReplacementListOnAccount(storyId, entries, disabledDefaults);
}
