import { demoModeOf } from './config/demoMode';
import { parseJobsConfig } from './config/jobs';
import { parseNamesConfig } from './config/names';
import { parseSourceSearchConfig } from './config/sourceSearch';
import { DEFAULT_SANDBOX_SECRET, readSandboxConfig, readVnpayConfig } from './config/payments';
import { parseSourceDomains } from './config/sourceDomains';
import { parseSourcesConfig } from './config/sources';
import { parseTtsConfig } from './config/tts';
import { logger } from './logger';
import { DEFAULT_DEVICE_COOKIE_SECRET, env, parseServerEnv, assertSafeIdentityConfig } from './env';

/**
 * The configuration check of a server start: every server setting parsed once, and in
 * production outside demo mode, what a public site cannot do without. One line per problem,
 * naming the variable; optional features that are off are reported as notices.
 */
export interface BootReport {
  problems: string[];
  notices: string[];
}

function collect(problems: string[], check: () => unknown): void {
  try {
    check();
  } catch (error) {
    const lines = (error as Error).message.split('\n').slice(1).map((line) => line.trim()).filter(Boolean);
    problems.push(...(lines.length > 0 ? lines : [(error as Error).message]));
  }
}

const blank = (value: string | undefined) => !value || value.trim() === '';

export function checkServerConfig(source: NodeJS.ProcessEnv): BootReport {
  const problems: string[] = [];
  const notices: string[] = [];
  collect(problems, () => assertSafeIdentityConfig(parseServerEnv(source)));
  collect(problems, () => parseJobsConfig(source));
  collect(problems, () => parseNamesConfig(source));
  collect(problems, () => parseSourceSearchConfig(source));
  collect(problems, () => parseTtsConfig(source));
  collect(problems, () => parseSourceDomains(parseSourcesConfig(source).SOURCE_DOMAINS));
  const production = source.NODE_ENV === 'production';
  const demo = demoModeOf(source);

  if (demo) {
    notices.push('Demo mode (Firebase Auth emulator and payment sandbox): the site serves this machine only (127.0.0.1 / localhost).');
    collect(problems, () => readSandboxConfig(source));
  } else if (production) {
    const project = source.FIREBASE_PROJECT_ID || source.NEXT_PUBLIC_FIREBASE_PROJECT_ID || '';
    if (blank(project) || project.startsWith('demo-')) {
      problems.push('NEXT_PUBLIC_FIREBASE_PROJECT_ID: is required in production: a real Firebase project (a demo- project works only with the emulator)');
    }
    if (blank(source.NEXT_PUBLIC_FIREBASE_API_KEY)) problems.push('NEXT_PUBLIC_FIREBASE_API_KEY: is required in production (the Web API key of the Firebase project)');
    if (blank(source.NEXT_PUBLIC_SITE_URL)) problems.push('NEXT_PUBLIC_SITE_URL: is required in production (the canonical origin and the payment return URL)');
    if (blank(source.VNPAY_TMN_CODE)) problems.push('VNPAY_TMN_CODE: is required in production (the VNPay merchant code)');
    if (blank(source.VNPAY_HASH_SECRET)) problems.push('VNPAY_HASH_SECRET: is required in production (the payment secret VNPay issued)');
    else if (source.VNPAY_HASH_SECRET === DEFAULT_SANDBOX_SECRET) problems.push('VNPAY_HASH_SECRET: must not be the built-in sandbox secret');
    if (!blank(source.VNPAY_TMN_CODE) && !blank(source.VNPAY_HASH_SECRET)) collect(problems, () => readVnpayConfig(source));
    if (blank(source.DEVICE_COOKIE_SECRET)) problems.push('DEVICE_COOKIE_SECRET: is required in production (signs the device cookie that anonymous readers are counted by; 32+ random characters)');
    else if (source.DEVICE_COOKIE_SECRET === DEFAULT_DEVICE_COOKIE_SECRET) problems.push('DEVICE_COOKIE_SECRET: must not be the built-in development secret');
    else if ((source.DEVICE_COOKIE_SECRET ?? '').trim().length < 32) problems.push('DEVICE_COOKIE_SECRET: must be at least 32 characters in production');
    if (!blank(source.PAYMENT_SANDBOX_SECRET)) notices.push('PAYMENT_SANDBOX_SECRET is ignored: the payment sandbox exists only in demo mode.');
    if (blank(source.FIREBASE_SERVICE_ACCOUNT)) notices.push('FIREBASE_SERVICE_ACCOUNT is not set: firebase-admin uses the application default credentials.');
  }
  if (!blank(source.DATABASE_OWNER_URL)) {
    notices.push('DATABASE_OWNER_URL is set in the site\'s environment: the site never uses it (only the migrations do); keep it out of the site processes\' settings.');
  }
  if (blank(source.JOBS_SECRET)) notices.push('JOBS_SECRET is not set: POST /api/jobs/embed-check is off (the scheduled check still runs).');
  if (blank(source.VAPID_PUBLIC_KEY)) notices.push('VAPID_PUBLIC_KEY is not set: Web Push is off (npm run push:keys prints a key pair); the notification centre still works.');
  return { problems, notices };
}

/**
 * Run once when the server starts (instrumentation-node.ts): logs the notices, and on any problem
 * logs one line naming every variable and stops the process, so a misconfigured site never serves.
 */
export function assertBootConfig(source: NodeJS.ProcessEnv, exit: (code: number) => void = process.exit): boolean {
  const { problems, notices } = checkServerConfig(source);
  for (const notice of notices) logger.warn(`Configuration: ${notice}`);
  if (problems.length === 0) {
    env();
    return true;
  }
  const count = `${problems.length} problem${problems.length > 1 ? 's' : ''}`;
  logger.fatal({ problems }, `The server cannot start: fix the configuration (${count}): ${problems.join('; ')}`);
  exit(1);
  return false;
}
