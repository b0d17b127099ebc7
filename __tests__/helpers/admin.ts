import { adminAuth } from '@/server/auth/firebaseAdmin';
import { db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { CLI_ACTOR } from '@/server/services/admin/audit';
import { grantOperator } from '@/server/services/admin/roles';
import { createTestUser, type TestIdentity } from './auth';

/** A reader account of the emulator with its row in `users` (as its first request would make it). */
export async function createReader(prefix = 'reader', username = prefix): Promise<TestIdentity> {
  const identity = await createTestUser(prefix);
  await db().insert(users).values({ id: identity.uid, email: identity.email, username }).onConflictDoNothing();
  return identity;
}

/** The account's email verified, as if its owner had opened the emulator's verification link. */
export async function verifyEmail(identity: Pick<TestIdentity, 'uid'>): Promise<void> {
  await adminAuth().updateUser(identity.uid, { emailVerified: true });
}

/** An operator: a reader whose email is verified, granted the role by the command line's service call. */
export async function createOperator(prefix = 'operator'): Promise<TestIdentity> {
  const identity = await createReader(prefix);
  await verifyEmail(identity);
  await grantOperator(db(), CLI_ACTOR, identity.email);
  return identity;
}

/**
 * A token claiming an account, unsigned and issued for another Firebase project: what someone
 * who knows an operator's uid could make. The emulator's verifier must refuse it (audience).
 */
export function forgedToken(uid: string, email: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const project = 'demo-some-other-project';
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: `https://securetoken.google.com/${project}`, aud: project, auth_time: now, user_id: uid, sub: uid, iat: now, exp: now + 3_600, email };
  return [encode({ alg: 'none', typ: 'JWT' }), encode({ ...claims, firebase: { identities: {}, sign_in_provider: 'password' } }), ''].join('.');
}
