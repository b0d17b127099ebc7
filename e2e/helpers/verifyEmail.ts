/**
 * `tsx e2e/helpers/verifyEmail.ts EMAIL`: marks the account's email verified in the Auth emulator
 * named by FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID, as its owner would by opening the
 * verification link. Run as a child so that grantOperator() stays synchronous.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

async function main(email: string | undefined): Promise<void> {
  if (!email || !process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('usage: FIREBASE_AUTH_EMULATOR_HOST=… tsx e2e/helpers/verifyEmail.ts EMAIL');
  const auth = getAuth(initializeApp({ projectId: process.env.FIREBASE_PROJECT_ID }));
  const account = await auth.getUserByEmail(email);
  await auth.updateUser(account.uid, { emailVerified: true });
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
