import { DEFAULT_THEME, STORAGE_KEYS } from './constants';
import { FONTS_ATTRIBUTE } from './siteFonts';

/** The attribute the script below sets on <html> on a first visit. */
export const WELCOME_ATTRIBUTE = 'data-welcome';

/**
 * Runs before the first paint: applies the stored theme (no flash of the wrong theme) and, on a
 * first visit outside VIP paths (spec §4) and the operator console, marks the page with `data-welcome` so the welcome
 * dialog, already in the server HTML, shows in the first paint instead of after the scripts. A
 * returning reader (isFirstVisit set) gets `data-fonts`: the web fonts, cached by an earlier
 * page, are in the first paint (lib/siteFonts.ts). It
 * is the page's one inline script of our own: the Content-Security-Policy allows it by its hash
 * (server/http/securityHeaders.ts), so it must stay a constant.
 */
export const FIRST_PAINT_SCRIPT =
  `(function(){try{var d=document.documentElement,s=localStorage,t=s.getItem(${JSON.stringify(STORAGE_KEYS.theme)});` +
  `if(t!=="dark"&&t!=="light")t=${JSON.stringify(DEFAULT_THEME)};d.classList.remove("light","dark");d.classList.add(t);` +
  `d.style.colorScheme=t;` +
  `var f=s.getItem(${JSON.stringify(STORAGE_KEYS.isFirstVisit)})===null;` +
  `var p=location.pathname;if(f&&p.indexOf("/vip")<0&&p.indexOf("/quan-tri")!==0)d.setAttribute(${JSON.stringify(WELCOME_ATTRIBUTE)},"");` +
  `if(!f)d.setAttribute(${JSON.stringify(FONTS_ATTRIBUTE)},"")` +
  `}catch(e){}})()`;

/** The cookie the server sets in demo mode, so the page can say it is a demo. */
export const DEMO_COOKIE = 'ta_demo';
