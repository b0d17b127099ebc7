/** Mono 16-bit PCM produced by an engine. */
export interface SynthesisResult {
  pcm: Int16Array;
  sampleRate: number;
}

export interface SynthesisOptions {
  /** Engine voice name, e.g. espeak-ng "vi", "vi-vn-x-central", "vi-vn-x-south". */
  voice?: string;
  /** Speaking rate as a multiplier of the engine's normal speed, like SpeechSynthesisUtterance.rate. */
  rate?: number;
}

export interface TtsEngine {
  /** Stable identifier; part of the audio cache key, so a different engine never reuses audio. */
  id: string;
  /** Voice used when the options name none. */
  defaultVoice: string;
  synthesize(text: string, opts: SynthesisOptions): Promise<SynthesisResult>;
}
