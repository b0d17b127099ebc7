/**
 * The site's web fonts (styles/fonts.css) are used only when <html> carries this attribute: the
 * first-paint script (lib/firstPaintScript.ts) sets it for a returning reader, whose browser has
 * the files from an earlier visit. A first visit paints with the system's fonts, loads the web
 * fonts once the page has loaded, and uses them from its next page on (hooks/useSiteFonts.ts), so
 * about 100 KB of fonts never compete with what a phone needs for the first paint.
 */
export const FONTS_ATTRIBUTE = 'data-fonts';

/** Each face the pages use, with text that needs its Latin and Vietnamese files (ệ), not Latin Extended. */
const FACES = ['400 1em "Be Vietnam Pro"', '700 1em "Be Vietnam Pro"', '400 1em Literata'];
const SAMPLE = 'Truyện Audio';

let loading: Promise<boolean> | null = null;

/** Loads the faces once per page load; true when they are all there. */
export function loadSiteFonts(): Promise<boolean> {
  loading ??= Promise.all(FACES.map((face) => document.fonts.load(face, SAMPLE))).then(
    (found) => found.every((faces) => faces.length > 0),
    () => false,
  );
  return loading;
}
