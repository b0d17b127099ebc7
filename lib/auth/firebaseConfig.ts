/** The answer of GET /api/auth/firebase-config. */
export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** The Auth emulator's URL when the site runs against it; null with a real project. */
  emulatorUrl: string | null;
}
