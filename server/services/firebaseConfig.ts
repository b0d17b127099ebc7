import type { FirebaseClientConfig } from '@/lib/auth/firebaseConfig';
import { env } from '../env';

/**
 * The browser's Firebase settings, from the server's environment at run time (not inlined at
 * build time), so one build can serve any project or emulator port. Against the emulator the
 * API key is a placeholder and the emulator's URL is included.
 */
export function firebaseClientConfig(source: NodeJS.ProcessEnv): FirebaseClientConfig {
  const { FIREBASE_PROJECT_ID: projectId, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } = env();
  if (emulatorHost) {
    return { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId, emulatorUrl: `http://${emulatorHost}` };
  }
  return {
    apiKey: source.NEXT_PUBLIC_FIREBASE_API_KEY ?? '',
    authDomain: source.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    emulatorUrl: null,
  };
}
