import path from 'node:path';
import { z } from 'zod';
import { parseSection, type SettingsSource } from './read';

/**
 * Server audio settings; a bad value names its variable.
 * TTS_ENGINE: "espeak-ng-wasm" (default, the npm WASM build) or "espeak-ng-binary" (the system
 * espeak-ng program, used only when it is on PATH).
 */
const ZTtsEnv = z.object({
  TTS_ENGINE: z.enum(['espeak-ng-wasm', 'espeak-ng-binary']).default('espeak-ng-wasm'),
  TTS_VOICE: z
    .string()
    .regex(/^[a-zA-Z0-9+_-]{1,40}$/, 'must be an espeak-ng voice name such as vi')
    .default('vi'),
  TTS_RATE: z.coerce.number().min(0.5).max(2.5).default(1),
  TTS_MP3_KBPS: z.coerce
    .number()
    .int()
    .refine((kbps) => [16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128].includes(kbps), 'must be an MP3 bitrate such as 32')
    .default(32),
  TTS_CACHE_DIR: z.string().min(1).default('.data/audio-cache'),
  TTS_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(512),
  TTS_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  TTS_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
  TTS_QUEUE_PER_READER: z.coerce.number().int().min(1).max(100).default(4),
});

export type TtsConfig = z.infer<typeof ZTtsEnv> & { cacheDir: string };

export function parseTtsConfig(source: SettingsSource): TtsConfig {
  const parsed = parseSection(ZTtsEnv, source);
  return { ...parsed, cacheDir: path.resolve(parsed.TTS_CACHE_DIR) };
}
