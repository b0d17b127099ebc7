import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_READER_SETTINGS,
  readerSettingsSnapshot,
  subscribeReaderSettings,
  updateReaderSettings,
  type ReaderSettings,
} from '@/lib/readerSettings';

const serverSnapshot = () => DEFAULT_READER_SETTINGS;

/** Reader settings kept in local storage; the server renders the defaults. Shared by all tabs. */
export function useReaderSettings() {
  const settings = useSyncExternalStore(subscribeReaderSettings, readerSettingsSnapshot, serverSnapshot);
  const update = useCallback((change: Partial<ReaderSettings>) => updateReaderSettings({ ...readerSettingsSnapshot(), ...change }), []);
  const reset = useCallback(() => updateReaderSettings(DEFAULT_READER_SETTINGS), []);
  return { settings, update, reset };
}
