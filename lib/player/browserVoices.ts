import type { PlayerDeps } from './deps';
import type { VoiceOption } from './types';
import { pickVoice, vietnameseVoices, voiceOptions } from './voices';

const DEFAULT_VOICE_WAIT_MS = 700;

/**
 * The browser's voices as the player sees them: ranked, listened to as the browser lists them,
 * and waited for briefly when the browser has listed none yet (Chrome lists them late).
 */
export class BrowserVoices {
  /** The browser listed no voice within the wait: later chapters do not wait again. */
  private absent = false;

  constructor(private readonly deps: Pick<PlayerDeps, 'synth' | 'onVoicesChanged' | 'clock' | 'voiceWaitMs'>) {}

  all(): SpeechSynthesisVoice[] {
    return this.deps.synth?.getVoices() ?? [];
  }

  /** The voice picker's entries, best first. */
  options(): VoiceOption[] {
    return voiceOptions(this.all());
  }

  /** The reader's voice, else the best Vietnamese one; `localOnly` after a remote voice failed. */
  pick(chosenUri: string | null, localOnly = false): SpeechSynthesisVoice | null {
    return pickVoice(this.all(), chosenUri, { localOnly });
  }

  /** Calls `listener` whenever the browser lists its voices anew; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    return (
      this.deps.onVoicesChanged?.(() => {
        this.absent = false;
        listener();
      }) ?? (() => undefined)
    );
  }

  /** The browser can speak but has listed no voice yet. */
  mustWait(): boolean {
    return !!this.deps.synth && !!this.deps.onVoicesChanged && !this.absent && this.all().length === 0;
  }

  /** The Vietnamese voices, best first, waiting briefly for a browser that has listed no voice at all yet. */
  vietnamese(): Promise<SpeechSynthesisVoice[]> {
    const read = () => vietnameseVoices(this.all());
    if (!this.mustWait()) return Promise.resolve(read());
    const { clock, onVoicesChanged } = this.deps;
    return new Promise((resolve) => {
      const finish = () => {
        clock.clearTimeout(timer);
        unsubscribe();
        this.absent = this.all().length === 0;
        resolve(read());
      };
      const timer = clock.setTimeout(finish, this.deps.voiceWaitMs ?? DEFAULT_VOICE_WAIT_MS);
      const unsubscribe = onVoicesChanged!(() => this.all().length > 0 && finish());
    });
  }
}
