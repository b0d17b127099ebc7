import { z } from 'zod';
import { parseConvertEnv } from './config/convert';
import { demoModeOf } from './config/demoMode';
import { parseJobsConfig } from './config/jobs';
import { parseLogLevel, ZLogLevel } from './config/logLevel';
import { parseNamesConfig } from './config/names';
import { parseSourceSearchConfig } from './config/sourceSearch';
import { parsePaymentSettings, readSandboxConfig } from './config/payments';
import { blank } from './config/read';
import { parseTestRouting } from './config/sourceRouting';
import { parseSourcesConfig } from './config/sources';
import { parseTtsConfig } from './config/tts';
import { parseTrustProxy, type TrustProxy } from './config/trustProxy';

export { demoModeOf };

/** The device cookie's secret when none is set: for development and tests only (refused in production). */
export const DEFAULT_DEVICE_COOKIE_SECRET = 'truyen-audio-device-cookie-development';

/**
 * VAPID keys come as a pair; loopback push endpoints never in production outside demo mode. A
 * `demo-` Firebase project is demo mode even before the launcher has started the emulator and
 * named it (such a project exists only in the emulator), so the check holds at every step.
 */
function checkPushSettings(
  value: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; PUSH_ALLOW_LOOPBACK: boolean; NODE_ENV: string; FIREBASE_AUTH_EMULATOR_HOST?: string; FIREBASE_PROJECT_ID: string },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({ code: 'custom', path: [value.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'is required with the other VAPID key (npm run push:keys prints both)' });
  }
  const demo = Boolean(value.FIREBASE_AUTH_EMULATOR_HOST) || value.FIREBASE_PROJECT_ID.startsWith('demo-');
  if (value.PUSH_ALLOW_LOOPBACK && value.NODE_ENV === 'production' && !demo) {
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
  SITE_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
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
  /** "Tải về": files one reader may make per hour, chapters per day (UTC), chapters fetched from sources for them per hour, files made at once per process. */
  EXPORT_FILES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  EXPORT_CHAPTERS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  EXPORT_FETCH_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(300),
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
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

/** Forgets the parsed configuration (tests that change the environment). */
export function resetEnvForTests(): void {
  cached = undefined;
  for (const forget of sectionResets) forget();
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

const sectionResets: (() => void)[] = [];

/** A section of the settings, parsed from the environment at its first use and kept. */
function keptSection<T>(parse: (source: NodeJS.ProcessEnv) => T): () => T {
  let kept: { value: T } | undefined;
  sectionResets.push(() => {
    kept = undefined;
  });
  return () => (kept ??= { value: parse(process.env) }).value;
}

/** Server audio (TTS_*). */
export const ttsSettings = keptSection(parseTtsConfig);
/** The payment provider's settings: VNPay, the demo sandbox, or none. */
export const paymentSettings = keptSection(parsePaymentSettings);
/** ADDRESS_READERS alone, for the synthesis queue: it also runs where DATABASE_URL is not set (the TTS benchmark). */
export const addressReadersSetting = keptSection((source) => ZServerEnv.shape.ADDRESS_READERS.parse(blank(source.ADDRESS_READERS)));
/** The demo payment sandbox's signing secret (PAYMENT_SANDBOX_SECRET). */
export const sandboxSettings = keptSection(readSandboxConfig);
/**
 * The site process's address (HOST, PORT), its build (NEXT_DIST_DIR, also read by next.config.js),
 * whether the launcher waits to hear it listens (SITE_READY_HANDSHAKE) and whether it listens
 * before its warm-up, as a process started while no other serves does (SITE_SERVE_BEFORE_WARM);
 * both set by the launcher.
 */
export const siteSettings = keptSection((source) => ({
  host: blank(source.HOST) ?? '127.0.0.1',
  port: Number(blank(source.PORT) ?? 3000),
  distDir: blank(source.NEXT_DIST_DIR) ?? '.next',
  demoMode: demoModeOf(source),
  readyHandshake: source.SITE_READY_HANDSHAKE === '1',
  serveBeforeWarm: source.SITE_SERVE_BEFORE_WARM === '1',
}));

/*
 * Read on every use: tests and the launcher change these while a process runs (the log level is
 * read once, by the logger).
 */
export const logLevelSetting = () => parseLogLevel(process.env);
/** The scheduled jobs (EMBED_CHECK_INTERVAL_MINUTES, JOBS_SECRET). */
export const jobsSettings = () => parseJobsConfig(process.env);
/** When readers' proposals make a story's shared name (NAMES_SHARE_THRESHOLD). */
export const namesSettings = () => parseNamesConfig(process.env);
/** The search across the source sites (SOURCE_SEARCH_*). */
export const sourceSearchSettings = () => parseSourceSearchConfig(process.env);
/** The operator's convert dictionaries (CONVERT_*). */
export const convertSettings = () => parseConvertEnv(process.env);
/** Test-only routing of source fetching (SOURCES_*). */
export const sourceRouting = () => parseTestRouting(process.env);

/** Several sources per story: failover and domains (SOURCE_FAILOVER_AFTER, SOURCE_RETRY_MINUTES, SOURCE_DOMAINS). */
export const sourceSettings = () => parseSourcesConfig(process.env);
/** Where programs are looked for (PATH), for the optional system espeak-ng. */
export const programSearchPath = () => process.env.PATH ?? '';
