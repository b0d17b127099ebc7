import type { SynthesisOptions } from '@/server/tts/types';

const VOICE_NAME = /^[a-zA-Z0-9+_-]{1,40}$/;

/** The espeak-ng voice that reads the foreign names of a Vietnamese text (segments of lang "en"). */
export const FOREIGN_VOICE = 'en';

/** espeak-ng speaks at about 175 words a minute; the rate multiplies that, within its limits. */
export function espeakSpeed(rate = 1): number {
  if (!Number.isFinite(rate)) throw new RangeError(`Invalid speech rate: ${rate}`);
  return Math.min(450, Math.max(80, Math.round(175 * rate)));
}

/** Command-line options shared by the WASM build and the system program: voice, speed, UTF-8 input. */
export function espeakArguments(opts: SynthesisOptions, defaultVoice: string): string[] {
  const voice = opts.voice ?? defaultVoice;
  if (!VOICE_NAME.test(voice)) throw new RangeError(`Invalid espeak-ng voice: ${voice}`);
  return ['-v', voice, '-s', String(espeakSpeed(opts.rate)), '-b', '1'];
}
