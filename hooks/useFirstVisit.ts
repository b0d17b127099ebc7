import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@/lib/constants';
import { isVipPath } from '@/lib/routes';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Spec §4: on a first visit (no isFirstVisit in local storage) outside VIP paths, the welcome
 * dialog opens and the flag is set, so it never shows again.
 */
let shownThisSession = false;

export function useFirstVisit(path: string): [boolean, () => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // The module flag covers browsers whose storage is disabled: once per page load at most.
    if (shownThisSession || isVipPath(path) || readStorage(STORAGE_KEYS.isFirstVisit) !== null) return;
    shownThisSession = true;
    writeStorage(STORAGE_KEYS.isFirstVisit, 'true');
    // Opened just after the first paint, so the page itself is never held up by the dialog.
    const timer = setTimeout(() => setOpen(true), 0);
    return () => clearTimeout(timer);
  }, [path]);
  return [open, () => setOpen(false)];
}
