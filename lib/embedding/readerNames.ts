import { STORAGE_KEYS } from '../constants';
import { readStorage, writeStorage } from '../storage';

/**
 * An anonymous reader's own names, per embedded story, kept on the device and sent along when a
 * chapter is converted for them (a signed-in reader's list is kept on the account).
 */
type DeviceNames = Record<string, Record<string, string>>;

function readAll(): DeviceNames {
  try {
    const parsed = JSON.parse(readStorage(STORAGE_KEYS.readerNames) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as DeviceNames) : {};
  } catch {
    return {};
  }
}

/** The device's own list for a story (empty when none). */
export function deviceNamesOf(storyId: string): Record<string, string> {
  const names = readAll()[storyId];
  return names && typeof names === 'object' ? names : {};
}

/** Replaces the device's own list for a story; an empty list is removed. */
export function saveDeviceNames(storyId: string, names: Record<string, string>): void {
  const all = readAll();
  if (Object.keys(names).length > 0) all[storyId] = names;
  else delete all[storyId];
  writeStorage(STORAGE_KEYS.readerNames, JSON.stringify(all));
}
