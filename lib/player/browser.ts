import { publicEnv } from '@/lib/publicEnv';
import { readToken } from '@/lib/storage';
import type { LoadedPart, PartSource } from './audioEngine';
import { MediaSessionBridge } from './mediaSession';
import { encodePauses, NO_PAUSES, type Pauses } from './pauses';
import { Player } from './player';
import { loadReplacementLists } from './replacementStore';
import { encodeReplacements, REPLACEMENTS_HEADER } from './replacements';
import type { SynthLike } from './speechEngine';

/** GET /api/audio/{storyId}/{index}: the server's rendering of a whole chapter (for download). */
export function chapterAudioUrl(storyId: string, index: number): string {
  return `${publicEnv.apiUrl}/audio/${encodeURIComponent(storyId)}/${index}`;
}

/** GET /api/audio/{storyId}/{index}/{part}[?voice=&pauses=&prefetch=1]. */
export function partAudioUrl(storyId: string, index: number, part: number, voice: string | null, prefetch: boolean, pauses: Pauses = NO_PAUSES): string {
  const query = new URLSearchParams();
  if (voice) query.set('voice', voice);
  const rests = encodePauses(pauses);
  if (rests) query.set('pauses', rests);
  if (prefetch) query.set('prefetch', '1');
  const search = query.toString();
  return `${chapterAudioUrl(storyId, index)}/${part}${search ? `?${search}` : ''}`;
}

/** A part the listener waits for is asked again when the server is busy, after the wait it names. */
const BUSY_ATTEMPTS = 3;
const MAX_BUSY_WAIT_MS = 5_000;

/**
 * Parts are fetched whole (about a minute of speech, some 250 KB) with the reader's token, which
 * an audio element cannot send, and played from an object URL; the headers say how long each
 * paragraph of the part lasts.
 */
const partSource: PartSource = async (chapter, part, request) => {
  const token = readToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (request.replacements) headers[REPLACEMENTS_HEADER] = encodeReplacements(request.replacements);
  const url = partAudioUrl(chapter.storyId, chapter.index, part, request.voice, request.prefetch, request.pauses);
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, { headers });
    if (response.status === 503 && !request.prefetch && attempt < BUSY_ATTEMPTS) {
      const wait = Math.min(MAX_BUSY_WAIT_MS, Number(response.headers.get('Retry-After') ?? 1) * 1000);
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (!response.ok) throw new Error(`Audio part answered ${response.status}`);
    const durations = (response.headers.get('X-Audio-Durations') ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((seconds) => Number.isFinite(seconds) && seconds >= 0);
    const objectUrl = URL.createObjectURL(await response.blob());
    const loaded: LoadedPart = { url: objectUrl, durations, release: () => URL.revokeObjectURL(objectUrl) };
    return loaded;
  }
};

function browserSynth(): SynthLike | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined'
    ? window.speechSynthesis
    : null;
}

/** The player wired to this browser's speech synthesis, audio elements, storage and Media Session. */
export function createBrowserPlayer(): Player {
  const synth = browserSynth();
  let store: Storage | null = null;
  try {
    store = window.localStorage;
  } catch {
    // Storage disabled: nothing is remembered.
  }
  const session = 'mediaSession' in navigator ? navigator.mediaSession : null;
  const createMetadata = typeof MediaMetadata === 'undefined' ? null : (init: MediaMetadataInit) => new MediaMetadata(init);
  return new Player({
    synth,
    createUtterance: (text) => new SpeechSynthesisUtterance(text),
    onVoicesChanged: synth
      ? (listener) => {
          window.speechSynthesis.addEventListener('voiceschanged', listener);
          return () => window.speechSynthesis.removeEventListener('voiceschanged', listener);
        }
      : undefined,
    createAudio: () => new Audio(),
    partSource,
    store,
    media: new MediaSessionBridge(session, createMetadata),
    visibility: {
      hidden: () => document.visibilityState === 'hidden',
      subscribe: (listener) => {
        document.addEventListener('visibilitychange', listener);
        return () => document.removeEventListener('visibilitychange', listener);
      },
    },
    phone: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    replacements: { load: loadReplacementLists },
    clock: {
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle),
    },
  });
}
