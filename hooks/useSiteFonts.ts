import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { FONTS_ATTRIBUTE, loadSiteFonts } from '@/lib/siteFonts';

/** Runs `task` once the page has loaded and the browser is idle; returns a cancel function. */
function afterLoadWhenIdle(task: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 3_000 });
    else timer = setTimeout(task, 500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * On a page painted without the web fonts (lib/siteFonts.ts): loads them after the page and turns
 * them on as the reader moves to another page, so this page's text never reflows under the reader.
 */
export function useSiteFonts(): void {
  const router = useRouter();
  useEffect(() => {
    const root = document.documentElement;
    if (root.hasAttribute(FONTS_ATTRIBUTE) || !document.fonts) return;
    let ready = false;
    const cancel = afterLoadWhenIdle(() => void loadSiteFonts().then((loaded) => (ready = loaded)));
    const turnOn = () => {
      if (ready) root.setAttribute(FONTS_ATTRIBUTE, '');
    };
    router.events.on('beforeHistoryChange', turnOn);
    return () => {
      cancel();
      router.events.off('beforeHistoryChange', turnOn);
    };
  }, [router.events]);
}
