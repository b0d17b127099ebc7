import { z } from 'zod';
import { blank, type SettingsSource } from './read';

export const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export type LogLevel = z.infer<typeof ZLogLevel>;

/**
 * LOG_LEVEL alone, for the logger: it starts before the rest of the configuration is needed (and
 * where DATABASE_URL is not set). Unset: silent under tests, else info.
 */
export function parseLogLevel(source: SettingsSource): LogLevel {
  const parsed = ZLogLevel.optional().safeParse(blank(source.LOG_LEVEL));
  if (!parsed.success) throw new Error(`Invalid configuration:\n  LOG_LEVEL: must be one of ${ZLogLevel.options.join(', ')}`);
  return parsed.data ?? (source.NODE_ENV === 'test' ? 'silent' : 'info');
}
