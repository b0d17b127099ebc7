import type { Page } from '@playwright/test';

export interface SpokenUtterance {
  text: string;
  /** When speak() was called (ms since the epoch). */
  at: number;
  lang: string;
  rate: number;
  pitch: number;
  voice: string | null;
}

/** A voice as speechSynthesis.getVoices() lists it. */
export interface FakeVoice {
  voiceURI: string;
  name: string;
  lang: string;
  localService: boolean;
  default: boolean;
}

const ONE_VIETNAMESE_VOICE: FakeVoice[] = [{ voiceURI: 'fake-vi', name: 'Giọng Việt thử', lang: 'vi-VN', localService: true, default: true }];

/**
 * Replaces speechSynthesis (headless Chromium has no voices) with a recording fake that lists
 * `voices` (by default one Vietnamese voice). Utterances wait in a queue; the test ends them with
 * `finishSpeech`.
 */
export async function installFakeSpeech(page: Page, voices: FakeVoice[] = ONE_VIETNAMESE_VOICE): Promise<void> {
  await page.addInitScript((listed: FakeVoice[]) => {
    type Handler = ((event: { type: string; error?: string }) => void) | null;
    class FakeUtterance extends EventTarget {
      lang = '';
      voice: { name: string } | null = null;
      rate = 1;
      pitch = 1;
      volume = 1;
      onstart: Handler = null;
      onend: Handler = null;
      onerror: Handler = null;
      onboundary: Handler = null;
      constructor(public text: string) {
        super();
      }
    }
    const log: SpokenUtterance[] = [];
    let queue: FakeUtterance[] = [];
    let current: FakeUtterance | null = null;
    const startNext = () => {
      current = queue.shift() ?? null;
      current?.onstart?.({ type: 'start' });
    };
    const synth = Object.assign(new EventTarget(), {
      speaking: false,
      pending: false,
      paused: false,
      onvoiceschanged: null,
      getVoices: () => listed,
      speak(utterance: FakeUtterance) {
        log.push({ text: utterance.text, at: Date.now(), lang: utterance.lang, rate: utterance.rate, pitch: utterance.pitch, voice: utterance.voice?.name ?? null });
        queue.push(utterance);
        if (!current) setTimeout(() => !current && startNext(), 0);
      },
      cancel() {
        const dropped = [current, ...queue];
        current = null;
        queue = [];
        for (const utterance of dropped) utterance?.onerror?.({ type: 'error', error: 'interrupted' });
      },
      pause() {},
      resume() {},
    });
    // As Chrome on Android: a hidden page's speech stops, with no event.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'hidden') return;
      current = null;
      queue = [];
    });
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
    Object.defineProperty(window, '__speech', {
      value: {
        log,
        current: () => current?.text ?? null,
        finish() {
          const done = current;
          current = null;
          done?.onend?.({ type: 'end' });
          if (!current) startNext();
        },
      },
    });
  }, voices);
}

type SpeechWindow = Window & { __speech: { log: SpokenUtterance[]; current(): string | null; finish(): void } };

export function spokenLog(page: Page): Promise<SpokenUtterance[]> {
  return page.evaluate(() => [...(window as unknown as SpeechWindow).__speech.log]);
}

export function currentUtterance(page: Page): Promise<string | null> {
  return page.evaluate(() => (window as unknown as SpeechWindow).__speech.current());
}

/** Ends the utterance being spoken (the next one starts). */
export async function finishSpeech(page: Page, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await page.evaluate(() => (window as unknown as SpeechWindow).__speech.finish());
    await page.waitForTimeout(20);
  }
}

/** Hides or shows the page as a locked screen does: visibilityState and the visibilitychange event. */
export async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value: value ? 'hidden' : 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}
