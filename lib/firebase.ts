import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { FirebaseClientConfig } from './auth/firebaseConfig';

/**
 * The Firebase client, loaded on demand: only this module's callers (dynamically imported
 * themselves) pull the SDK in, so an anonymous visitor's first load never carries it. The
 * configuration comes from the server at run time (GET /api/auth/firebase-config).
 */
export interface FirebaseClient {
  app: FirebaseApp;
  auth: Auth;
  config: FirebaseClientConfig;
  /** True when the site runs against the Auth emulator. */
  emulated: boolean;
}

const CONFIG_PATH = '/api/auth/firebase-config';

let pending: Promise<FirebaseClient> | null = null;

async function fetchConfig(): Promise<FirebaseClientConfig> {
  const response = await fetch(CONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Firebase config: HTTP ${response.status}`);
  return (await response.json()) as FirebaseClientConfig;
}

async function load(): Promise<FirebaseClient> {
  const [config, { initializeApp, getApps }, authModule] = await Promise.all([fetchConfig(), import('firebase/app'), import('firebase/auth')]);
  const app = getApps()[0] ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  const auth = authModule.getAuth(app);
  auth.languageCode = 'vi';
  if (config.emulatorUrl && !auth.emulatorConfig) authModule.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return { app, auth, config, emulated: Boolean(config.emulatorUrl) };
}

/** The one Firebase client of the page (a failed load may be retried). */
export function firebaseClient(): Promise<FirebaseClient> {
  pending ??= load().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
