import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@/lib/constants';
import { WELCOME_ATTRIBUTE } from '@/lib/firstPaintScript';
import { isConsolePath, isVipPath } from '@/lib/routes';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Spec §4: on a first visit (no isFirstVisit in local storage) outside VIP paths and the operator console, the welcome
 * dialog opens and the flag is set, so it never shows again.
 *
 * 'pending' until the page is hydrated: the dialog is in the server HTML, and the first-paint
 * script (lib/firstPaintScript.ts) has already shown it, by CSS, on a first visit. Then 'open'
 * or 'closed'. A first visit that starts on a VIP path gets the dialog on the first page outside.
 */
export type WelcomeState = 'pending' | 'open' | 'closed';

let shownThisSession = false;

export function useFirstVisit(path: string): [WelcomeState, () => void] {
  const [state, setState] = useState<WelcomeState>('pending');
  useEffect(() => {
    const root = document.documentElement;
    const markedAtFirstPaint = root.hasAttribute(WELCOME_ATTRIBUTE);
    // The module flag covers browsers whose storage is disabled: once per page load at most.
    const firstVisit = !shownThisSession && !isVipPath(path) && !isConsolePath(path) && readStorage(STORAGE_KEYS.isFirstVisit) === null;
    if (!markedAtFirstPaint && !firstVisit) {
      // What the server could not know (the first-paint mark, local storage) is read once hydrated.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState('closed');
      return;
    }
    shownThisSession = true;
    writeStorage(STORAGE_KEYS.isFirstVisit, 'true');
    root.setAttribute(WELCOME_ATTRIBUTE, '');
    setState('open');
  }, [path]);
  const close = () => {
    document.documentElement.removeAttribute(WELCOME_ATTRIBUTE);
    setState('closed');
  };
  return [state, close];
}
