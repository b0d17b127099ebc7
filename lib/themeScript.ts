import { DEFAULT_THEME, STORAGE_KEYS } from './constants';

/**
 * Applies the stored theme before the first paint (no flash of the wrong theme). It is the
 * page's one inline script of our own: the Content-Security-Policy allows it by its hash
 * (server/http/securityHeaders.ts), so it must stay a constant.
 */
export const THEME_SCRIPT =
  `(function(){try{var d=document.documentElement,t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});` +
  `if(t!=="dark"&&t!=="light")t=${JSON.stringify(DEFAULT_THEME)};d.classList.remove("light","dark");d.classList.add(t);` +
  `d.style.colorScheme=t}catch(e){}})()`;

/** The cookie the server sets in demo mode, so the page can say it is a demo. */
export const DEMO_COOKIE = 'ta_demo';
