import type { BrowserContext } from '@playwright/test';

/** Keeps every audio element the page makes in `window.__audios`, so a test can see what plays or skip to a part's end. */
export async function recordAudioElements(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const created: HTMLAudioElement[] = [];
    const Original = window.Audio;
    window.Audio = function Audio(src?: string) {
      const element = new Original(src);
      created.push(element);
      return element;
    } as unknown as typeof window.Audio;
    (window as unknown as { __audios: HTMLAudioElement[] }).__audios = created;
  });
}
