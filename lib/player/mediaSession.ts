import type { PlayerChapter, PlayerStatus } from './types';

/** The parts of navigator.mediaSession the player uses. */
export interface MediaSessionLike {
  metadata: MediaMetadata | null;
  playbackState: MediaSessionPlaybackState;
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void;
}

export interface MediaActions {
  play(): void;
  pause(): void;
  stop(): void;
  previousChapter(): void;
  nextChapter(): void;
  previousParagraph(): void;
  nextParagraph(): void;
}

const ACTIONS: MediaSessionAction[] = ['play', 'pause', 'stop', 'previoustrack', 'nexttrack', 'seekbackward', 'seekforward'];

/** Lock-screen and headset controls, and what they show. */
export class MediaSessionBridge {
  constructor(
    private readonly session: MediaSessionLike | null,
    private readonly createMetadata: ((init: MediaMetadataInit) => MediaMetadata) | null,
  ) {}

  bind(actions: MediaActions): void {
    const handlers: Record<string, () => void> = {
      play: actions.play,
      pause: actions.pause,
      stop: actions.stop,
      previoustrack: actions.previousChapter,
      nexttrack: actions.nextChapter,
      seekbackward: actions.previousParagraph,
      seekforward: actions.nextParagraph,
    };
    for (const action of ACTIONS) {
      try {
        this.session?.setActionHandler(action, handlers[action]);
      } catch {
        // Browsers throw for actions they do not support.
      }
    }
  }

  /** The chapter on the lock screen; `sleep` (what the sleep timer has left) follows the author. */
  show(chapter: PlayerChapter, sleep: string | null = null): void {
    if (!this.session || !this.createMetadata) return;
    const artist = sleep ? `${chapter.author} · ${sleep}` : chapter.author;
    const shown = this.session.metadata;
    if (shown && shown.title === chapter.title && shown.artist === artist && shown.album === chapter.storyTitle) return;
    this.session.metadata = this.createMetadata({ title: chapter.title, artist, album: chapter.storyTitle });
  }

  status(status: PlayerStatus): void {
    if (!this.session) return;
    this.session.playbackState = status === 'playing' || status === 'loading' ? 'playing' : status === 'paused' ? 'paused' : 'none';
  }

  unbind(): void {
    for (const action of ACTIONS) {
      try {
        this.session?.setActionHandler(action, null);
      } catch {
        // As above.
      }
    }
    if (this.session) this.session.metadata = null;
  }
}
