import { useEffect, useState } from 'react';
import { lookUp } from '@/lib/api/wordInspector';
import type { WordLookup } from '@/lib/embedding/chapterDetail';

/** Look-ups already answered, per story and Chinese (the dictionaries and shared list change rarely). */
const answered = new Map<string, WordLookup>();

export type LookupState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

/**
 * What the dictionaries hold for `keys` (a selection and its neighbours), asked in one request for
 * those not answered yet; `get` reads an answer.
 */
export function useLookups(storyId: string, keys: readonly (string | null)[]) {
  const wanted = keys.filter((key): key is string => Boolean(key));
  const signature = wanted.join('|');
  const missing = wanted.filter((key) => !answered.has(`${storyId}|${key}`));
  const [state, setState] = useState<{ signature: string; state: LookupState } | null>(null);

  useEffect(() => {
    const ask = signature.split('|').filter((key) => key && !answered.has(`${storyId}|${key}`));
    if (ask.length === 0) return;
    let cancelled = false;
    void lookUp(storyId, ask).then((answer) => {
      if (answer.ok) for (const entry of answer.data.entries) answered.set(`${storyId}|${entry.key}`, entry);
      if (!cancelled) setState({ signature, state: answer.ok ? { kind: 'ready' } : { kind: 'failed', message: answer.message } });
    });
    return () => {
      cancelled = true;
    };
  }, [storyId, signature]);

  const current: LookupState = missing.length === 0 ? { kind: 'ready' } : state?.signature === signature ? state.state : { kind: 'loading' };
  return { state: current, get: (key: string) => answered.get(`${storyId}|${key}`) };
}
