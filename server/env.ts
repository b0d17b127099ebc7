import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';

/** The device cookie's secret when none is set: for development and tests only (refused in production). */
export const DEFAULT_DEVICE_COOKIE_SECRET = 'truyen-audio-device-cookie-development';

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

const ZLogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export type LogLevel = z.infer<typeof ZLogLevel>;

/**
 * LOG_LEVEL alone, for the logger: it starts before the rest of the configuration is needed (and
 * where DATABASE_URL is not set). Unset: silent under tests, else info.
 */
export function parseLogLevel(source: NodeJS.ProcessEnv): LogLevel {
  const parsed = ZLogLevel.optional().safeParse(blank(source.LOG_LEVEL));
  if (!parsed.success) throw new Error(`Invalid configuration:\n  LOG_LEVEL: must be one of ${ZLogLevel.options.join(', ')}`);
  return parsed.data ?? (source.NODE_ENV === 'test' ? 'silent' : 'info');
}

const ZPathList = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((path) => path.trim()).filter(Boolean));

const ZConvertEnv = z.object({
  CONVERT_VIETPHRASE_FILES: ZPathList,
  CONVERT_NAMES_FILES: ZPathList,
  CONVERT_QT_DIR: z.string().optional().transform((value) => blank(value)?.trim()),
});
export type ConvertEnv = z.infer<typeof ZConvertEnv>;

/**
 * The convert dictionaries alone (comma-separated paths and a QuickTranslator folder), for the
 * converter: it also runs where the rest of the configuration is not needed (npm run convert).
 */
export function parseConvertEnv(source: NodeJS.ProcessEnv): ConvertEnv {
  const parsed = ZConvertEnv.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid configuration:\n  ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n  ')}`);
  return parsed.data;
}

/** VAPID keys come as a pair; loopback push endpoints never in production outside demo mode. */
function checkPushSettings(
  value: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; PUSH_ALLOW_LOOPBACK: boolean; NODE_ENV: string; FIREBASE_AUTH_EMULATOR_HOST?: string },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: 'custom', path: [value.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'is required with the other VAPID key (npm run push:keys prints both)' });
  }
  if (value.PUSH_ALLOW_LOOPBACK && value.NODE_ENV === 'production' && !value.FIREBASE_AUTH_EMULATOR_HOST) {
    ctx.addIssue({ code: 'custom', path: ['PUSH_ALLOW_LOOPBACK'], message: 'must not be set in production outside demo mode' });
  }
}

/**
 * Server configuration, read and validated once. A bad value fails at start with a message
 * that names the variable. The public counterpart (NEXT_PUBLIC_*) is lib/publicEnv.ts; the boot
 * check of a production start (missing secrets, defaults) is server/bootConfig.ts.
 */
const ZServerEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  /** API requests handled at once by one process; more wait their turn (server/http/admission.ts). */
  API_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(8),
  /** API requests that may wait for a turn in one process before more are answered 503. */
  API_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1_000),
  /** Requests of any kind handled at once by one site process; more wait their turn (server/http/siteGate.ts). */
  SITE_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(24),
  /** Requests that may wait for a turn in one site process before more are answered 503. */
  SITE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1_000),
  /** How long one site process serves its copy of a shared page (server/http/pageCache.ts); 0: off. */
  SITE_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  LOG_LEVEL: ZLogLevel.default('info'),
  /** Set by the launcher: its count of restarts, for GET /api/health (server/http/launcherRestarts.ts). */
  LAUNCHER_STATE_FILE: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-truyen-audio'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  /** Public by design (spec §7: the browser signs chapter requests with it); not a secret. */
  CHAPTER_SIGN_KEY: z.string().min(8).default('truyen-audio-chapter-sign'),
  SITE_URL: z.string().url().default('http://localhost:3000'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Server audio renders at once in this process; more wait briefly, then 503. */
  AUDIO_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Live fetches of embedded chapters from source sites at once in this process. */
  EMBED_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Signs the device cookie anonymous readers are counted by (server/http/deviceCookie.ts); required in production. */
  DEVICE_COOKIE_SECRET: z.string().min(16).default(DEFAULT_DEVICE_COOKIE_SECRET),
  /** Readers one address counts as at most, however many device ids it presents (server/http/reader.ts). */
  ADDRESS_READERS: z.coerce.number().int().min(1).max(10_000).default(32),
  /** Requests one reader may have waiting for a turn of the site gate or the API admission. */
  READER_QUEUE: z.coerce.number().int().min(1).max(10_000).default(16),
  /** Web Push (VAPID) key pair from `npm run push:keys`; both unset: push is off, the centre still works. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be the 65-byte public key in base64url (npm run push:keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the 32-byte private key in base64url (npm run push:keys)').optional(),
  /** Who push services may contact about this sender: a mailto: or https: address. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address').optional(),
  /** Tests and demo mode only: push endpoints over http on loopback (a local push-service stand-in). */
  PUSH_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0').transform((value) => value === '1'),
}).superRefine(checkPushSettings);

export type ServerEnv = z.infer<typeof ZServerEnv> & {
  /** The emulator (unsigned tokens) and the payment sandbox: served to this machine only. */
  demoMode: boolean;
  /** NEXT_PUBLIC_SITE_URL was set by the operator (not the built-in default). */
  siteUrlConfigured: boolean;
};


export function parseServerEnv(source: NodeJS.ProcessEnv): ServerEnv {
  const parsed = ZServerEnv.safeParse({
    ...Object.fromEntries(Object.entries(source).filter(([, value]) => blank(value) !== undefined)),
    FIREBASE_PROJECT_ID: blank(source.FIREBASE_PROJECT_ID) ?? blank(source.NEXT_PUBLIC_FIREBASE_PROJECT_ID),
    CHAPTER_SIGN_KEY: blank(source.NEXT_PUBLIC_CHAPTER_SIGN_KEY),
    SITE_URL: blank(source.NEXT_PUBLIC_SITE_URL),
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${envName(issue.path.join('.'))}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    SITE_URL: parsed.data.SITE_URL.replace(/\/+$/, ''),
    demoMode: Boolean(parsed.data.FIREBASE_AUTH_EMULATOR_HOST),
    siteUrlConfigured: Boolean(blank(source.NEXT_PUBLIC_SITE_URL)),
  };
}

/** The variable an operator sets for a parsed field. */
function envName(field: string): string {
  if (field === 'SITE_URL') return 'NEXT_PUBLIC_SITE_URL';
  if (field === 'CHAPTER_SIGN_KEY') return 'NEXT_PUBLIC_CHAPTER_SIGN_KEY';
  return field;
}

let cached: ServerEnv | undefined;

export function env(): ServerEnv {
  if (!cached) {
    const parsed = parseServerEnv(process.env);
    assertSafeIdentityConfig(parsed);
    cached = parsed;
  }
  return cached;
}

/**
 * Demo mode: the Auth emulator is configured (with a demo- project, else the start is refused).
 * It brings the payment sandbox with it, and the site then serves this machine only.
 */
export function demoModeOf(source: NodeJS.ProcessEnv): boolean {
  const project = blank(source.FIREBASE_PROJECT_ID) ?? blank(source.NEXT_PUBLIC_FIREBASE_PROJECT_ID) ?? 'demo-truyen-audio';
  return Boolean(blank(source.FIREBASE_AUTH_EMULATOR_HOST)) && project.startsWith('demo-');
}

/** ADDRESS_READERS alone, for the synthesis queue: it also runs where DATABASE_URL is not set (the TTS benchmark). */
export function addressReadersOf(source: NodeJS.ProcessEnv): number {
  return ZServerEnv.shape.ADDRESS_READERS.parse(blank(source.ADDRESS_READERS));
}

/** Forgets the parsed configuration (tests that change the environment). */
export function resetEnvForTests(): void {
  cached = undefined;
}

/**
 * The emulator accepts unsigned tokens: refuse it for anything but a demo project, so it can
 * never reach a real deployment.
 */
export function assertSafeIdentityConfig(config: Pick<ServerEnv, 'FIREBASE_AUTH_EMULATOR_HOST' | 'FIREBASE_PROJECT_ID'>): void {
  if (config.FIREBASE_AUTH_EMULATOR_HOST && !config.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    throw new Error(
      'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set with a real Firebase project (FIREBASE_PROJECT_ID does not start with demo-)',
    );
  }
}
