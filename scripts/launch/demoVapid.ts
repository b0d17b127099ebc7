import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/**
 * Demo mode only (the Auth emulator): without configured VAPID keys, a pair generated once for
 * this machine and kept under the data directory, so Web Push works on a demo site and browsers
 * stay subscribed across restarts. A real deployment configures its own (npm run push:keys).
 */
export function applyDemoVapidKeys(dataRoot: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) return null;
  const file = path.join(dataRoot, 'push-vapid.json');
  let keys: { publicKey: string; privateKey: string } | null = null;
  try {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  } catch {
    keys = null;
  }
  if (!keys?.publicKey || !keys.privateKey) {
    keys = webpush.generateVAPIDKeys();
    fs.mkdirSync(dataRoot, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  env.VAPID_PUBLIC_KEY = keys.publicKey;
  env.VAPID_PRIVATE_KEY = keys.privateKey;
  return file;
}
