import { useCallback, useState } from 'react';
import { describe } from '@/lib/api/policy';

/** A form's one action at a time: busy while it runs, the API's message when it fails. */
export function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
