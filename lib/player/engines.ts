import { AudioEngine } from './audioEngine';
import type { PlayerDeps } from './deps';
import { SpeechEngine } from './speechEngine';
import type { EngineEvents, PlaybackEngine, PlayerMode } from './types';

/** The player's two engines, made when first needed, and the one in use. */
export class Engines {
  current: PlaybackEngine | null = null;
  private speech: SpeechEngine | null = null;
  private server: AudioEngine | null = null;

  constructor(
    private readonly deps: Pick<PlayerDeps, 'synth' | 'createUtterance' | 'createAudio' | 'partSource' | 'clock'>,
    private readonly events: EngineEvents,
  ) {}

  /** The server-audio engine (also to prefetch while the browser lists its voices). */
  audio(): AudioEngine {
    this.server ??= new AudioEngine(this.deps.createAudio, this.deps.partSource, this.events);
    return this.server;
  }

  /** Switches to the engine of `mode` (speech needs the browser's synthesis), stopping the other. */
  use(mode: PlayerMode): PlaybackEngine {
    const { synth } = this.deps;
    const next: PlaybackEngine = mode === 'speech' && synth ? (this.speech ??= new SpeechEngine(synth, this.deps.createUtterance, this.events, this.deps.clock)) : this.audio();
    if (this.current && this.current !== next) this.current.stop();
    this.current = next;
    return next;
  }

  destroy(): void {
    this.speech?.destroy();
    this.server?.destroy();
    this.current = null;
  }
}
