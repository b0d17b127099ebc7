import { useCallback, useEffect, useRef, useState } from 'react';
import { describe } from '@/lib/api/policy';

export type AdminData<T> =
  | { state: 'loading'; data: T | undefined; error: null }
  | { state: 'ready'; data: T; error: null }
  | { state: 'error'; data: T | undefined; error: string };

/**
 * Loads one thing for a console screen and loads it again when `key` changes (a filter, a page)
 * or on `reload()`. An answer that arrives after a newer request started is dropped, so a quick
 * change of filter never shows the older list. `enabled` false waits (e.g. for the URL's query).
 */
export function useAdminData<T>(load: () => Promise<T>, key: string, enabled = true) {
  const [result, setResult] = useState<AdminData<T>>({ state: 'loading', data: undefined, error: null });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (!enabled) return;
    const request = ++latest.current;
    // Keeps what is shown while the next page loads, marked as loading.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setResult((previous) => ({ state: 'loading', data: previous.data, error: null }));
    loadRef.current().then(
      (data) => request === latest.current && setResult({ state: 'ready', data, error: null }),
      (error: unknown) => request === latest.current && setResult((previous) => ({ state: 'error', data: previous.data, error: describe(error) })),
    );
  }, [key, round, enabled]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  /** Replaces the data after an action answered with the new state. */
  const replace = useCallback((data: T) => setResult({ state: 'ready', data, error: null }), []);
  return { ...result, reload, replace };
}
