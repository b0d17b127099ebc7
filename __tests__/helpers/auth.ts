/**
 * Real identities from the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, set by
 * scripts/with-test-services.ts): accounts are signed up through its REST API and their ID
 * tokens are the emulator's own.
 */
import { randomUUID } from 'node:crypto';

export interface TestIdentity {
  uid: string;
  email: string;
  password: string;
  token: string;
}

function emulatorUrl(path: string): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests through scripts/with-test-services.ts');
  return `http://${host}${path}`;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(emulatorUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`emulator ${path}: ${data.error?.message ?? response.status}`);
  return data;
}

/** A new emulator account with a fresh ID token. */
export async function createTestUser(prefix = 'reader'): Promise<TestIdentity> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'mat-khau-123';
  const data = await post<{ localId: string; idToken: string }>('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: data.localId, email, password, token: data.idToken };
}

/** Signs an existing account in again: a new ID token. */
export async function signIn(identity: Pick<TestIdentity, 'email' | 'password'>): Promise<string> {
  const data = await post<{ idToken: string }>('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any', {
    ...identity,
    returnSecureToken: true,
  });
  return data.idToken;
}

/** An unsigned token of the emulator's form whose expiry has passed. */
export function expiredToken(uid: string, projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-truyen-audio-test'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuedAt = Math.floor(Date.now() / 1000) - 7_200;
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: issuedAt,
      user_id: uid,
      sub: uid,
      iat: issuedAt,
      exp: issuedAt + 3_600,
      email: `${uid}@example.com`,
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}

/** Empties the emulator's accounts of the test project. */
export async function clearTestUsers(projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-truyen-audio-test'): Promise<void> {
  await fetch(emulatorUrl(`/emulator/v1/projects/${projectId}/accounts`), { method: 'DELETE' });
}
