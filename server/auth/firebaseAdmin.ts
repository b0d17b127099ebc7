import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { env } from '../env';

/** The admin SDK, for the configured project; against the emulator when the launcher runs one. */
function adminApp(): App {
  const existing = getApps()[0];
  if (existing) return existing;
  const config = env();
  const serviceAccount = config.FIREBASE_SERVICE_ACCOUNT ? (JSON.parse(config.FIREBASE_SERVICE_ACCOUNT) as object) : undefined;
  return initializeApp({
    projectId: config.FIREBASE_PROJECT_ID,
    ...(serviceAccount ? { credential: cert(serviceAccount) } : {}),
  });
}

export function adminAuth(): Auth {
  return getAuth(adminApp());
}
