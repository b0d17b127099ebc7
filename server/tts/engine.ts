import { logger } from '@/server/logger';
import { ttsConfig } from '@/server/tts/config';
import { createEspeakBinaryEngine, findEspeakBinary } from '@/server/tts/espeakBinaryEngine';
import { espeakEngine } from '@/server/tts/espeakEngine';
import type { TtsEngine } from '@/server/tts/types';

let selected: TtsEngine | undefined;

/**
 * The configured engine: the WASM build by default; the system program when TTS_ENGINE asks for
 * it and it is installed, else the WASM build with a warning.
 */
export function getTtsEngine(): TtsEngine {
  if (selected) return selected;
  const config = ttsConfig();
  selected = espeakEngine;
  if (config.TTS_ENGINE === 'espeak-ng-binary') {
    const program = findEspeakBinary();
    if (program) selected = createEspeakBinaryEngine(program);
    else logger.warn('TTS_ENGINE=espeak-ng-binary but espeak-ng is not on PATH; using the WASM build');
  }
  return selected;
}
