import { publicEnv } from '@/lib/publicEnv';
import { readToken } from '@/lib/storage';
import type { AudioSource } from './audioEngine';
import { MediaSessionBridge } from './mediaSession';
import { Player } from './player';
import type { SynthLike } from './speechEngine';

/** GET /api/audio/{storyId}/{index}: the server's rendering of a chapter. */
export function chapterAudioUrl(storyId: string, index: number): string {
  return `${publicEnv.apiUrl}/audio/${encodeURIComponent(storyId)}/${index}`;
}

/**
 * Free chapters stream straight from the URL (the element seeks with range requests); a VIP
 * chapter needs the reader's token, which an audio element cannot send, so it is fetched whole.
 */
const audioSource: AudioSource = async (chapter) => {
  const url = chapterAudioUrl(chapter.storyId, chapter.index);
  const token = readToken();
  if (!chapter.vip || !token) return { url };
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error('Network response was not ok');
  const objectUrl = URL.createObjectURL(await response.blob());
  return { url: objectUrl, release: () => URL.revokeObjectURL(objectUrl) };
};

function browserSynth(): SynthLike | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined'
    ? window.speechSynthesis
    : null;
}

/** The player wired to this browser's speech synthesis, audio element, storage and Media Session. */
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
    audioSource,
    store,
    media: new MediaSessionBridge(session, createMetadata),
    clock: {
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle),
    },
  });
}
