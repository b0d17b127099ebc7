import { z } from 'zod';

/**
 * Server configuration, read and validated once. A bad value fails at start with a message
 * that names the variable. The public counterpart (NEXT_PUBLIC_*) is lib/publicEnv.ts.
 */
const ZServerEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DB_POOL_WAIT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-truyen-audio'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  CHAPTER_SIGN_KEY: z.string().min(8).default('truyen-audio-chapter-sign'),
  SITE_URL: z.string().url().default('http://localhost:3000'),
});

export type ServerEnv = z.infer<typeof ZServerEnv>;

export function parseServerEnv(source: NodeJS.ProcessEnv): ServerEnv {
  const parsed = ZServerEnv.safeParse({
    ...source,
    FIREBASE_PROJECT_ID: source.FIREBASE_PROJECT_ID || source.NEXT_PUBLIC_FIREBASE_PROJECT_ID || undefined,
    CHAPTER_SIGN_KEY: source.NEXT_PUBLIC_CHAPTER_SIGN_KEY || undefined,
    SITE_URL: source.NEXT_PUBLIC_SITE_URL || undefined,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

let cached: ServerEnv | undefined;

export function env(): ServerEnv {
  if (!cached) {
    cached = parseServerEnv(process.env);
    assertSafeIdentityConfig(cached);
  }
  return cached;
}

/**
 * The emulator accepts unsigned tokens: refuse it for anything but a demo project, so it can
 * never reach a real deployment.
 */
export function assertSafeIdentityConfig(config: ServerEnv): void {
  if (config.FIREBASE_AUTH_EMULATOR_HOST && !config.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    throw new Error(
      'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set with a real Firebase project (FIREBASE_PROJECT_ID does not start with demo-)',
    );
  }
}
