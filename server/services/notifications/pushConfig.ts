import { env } from '@/server/env';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushConfig {
  vapid: VapidDetails | null;
  /** http endpoints on loopback are accepted (tests and demo mode only). */
  allowLoopback: boolean;
}

/** Web Push as configured (server/env.ts): `vapid` null means push is off. */
export function pushConfig(config = env()): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  const subject = config.VAPID_SUBJECT ?? (config.SITE_URL.startsWith('https://') ? config.SITE_URL : 'mailto:admin@truyen-audio.invalid');
  return {
    vapid: publicKey && privateKey ? { subject, publicKey, privateKey } : null,
    allowLoopback: config.PUSH_ALLOW_LOOPBACK,
  };
}
