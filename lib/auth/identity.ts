/**
 * The identity service (Firebase Auth) behind the dialog and the account page. This module
 * imports the SDK: load it only with import() (a stored token, the dialog opening).
 */
import {
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  validatePassword,
  type User,
} from 'firebase/auth';
import { TOKEN_RENEWAL_ATTEMPTS, TOKEN_RENEWAL_INTERVAL_MS } from '../constants';
import { firebaseClient } from '../firebase';
import { policyMessages } from './messages';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function isEmulated(): Promise<boolean> {
  return (await firebaseClient()).emulated;
}

export async function signInWithEmail(email: string, password: string): Promise<string> {
  const { auth } = await firebaseClient();
  const { user } = await signInWithEmailAndPassword(auth, email.trim(), password);
  return user.getIdToken();
}

/** Creates the account and sends the verification email; `verificationSent` says if it went. */
export async function registerWithEmail(email: string, password: string): Promise<{ token: string; verificationSent: boolean }> {
  const { auth } = await firebaseClient();
  const { user } = await createUserWithEmailAndPassword(auth, email.trim(), password);
  const verificationSent = await sendEmailVerification(user).then(
    () => true,
    (error: unknown) => {
      console.error('sendEmailVerification:', error);
      return false;
    },
  );
  return { token: await user.getIdToken(), verificationSent };
}

/**
 * Google sign-in: the SDK's popup (500x600, SIGN_IN_POPUP) with a real project. Against the
 * emulator, which cannot reach Google, a development-only sign-in with a fake Google credential
 * for `emulatorEmail`.
 */
export async function signInWithGoogle(emulatorEmail?: string): Promise<string> {
  const { auth, emulated } = await firebaseClient();
  if (emulated) {
    if (!emulatorEmail) throw Object.assign(new Error('missing email'), { code: 'auth/missing-email' });
    const email = emulatorEmail.trim().toLowerCase();
    const credential = GoogleAuthProvider.credential(JSON.stringify({ sub: `dev-google-${email}`, email, email_verified: true }));
    return (await signInWithCredential(auth, credential)).user.getIdToken();
  }
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return (await signInWithPopup(auth, provider)).user.getIdToken();
}

/** The signed-in identity, waiting for it to be restored: 5 tries at 500 ms (spec §4, §9). */
export async function waitForCurrentUser(): Promise<User | null> {
  const { auth } = await firebaseClient();
  for (let attempt = 0; attempt < TOKEN_RENEWAL_ATTEMPTS; attempt++) {
    if (auth.currentUser) return auth.currentUser;
    await sleep(TOKEN_RENEWAL_INTERVAL_MS);
  }
  return auth.currentUser;
}

/** A fresh ID token for the current identity; throws when there is none. */
export async function renewToken(): Promise<string> {
  const user = await waitForCurrentUser();
  if (!user) throw new Error('No signed-in identity to renew the token of');
  return user.getIdToken(true);
}

/** Calls back with each new ID token (the SDK refreshes them before they expire). */
export async function watchIdToken(onToken: (token: string | null) => void): Promise<() => void> {
  const { auth } = await firebaseClient();
  return onIdTokenChanged(auth, (user) => {
    if (!user) onToken(null);
    else user.getIdToken().then(onToken, (error: unknown) => console.error('getIdToken:', error));
  });
}

export async function sendVerificationEmail(): Promise<void> {
  const user = await waitForCurrentUser();
  if (!user) throw new Error('Not signed in');
  await sendEmailVerification(user);
}

export async function sendRecoveryEmail(email: string): Promise<void> {
  const { auth } = await firebaseClient();
  await sendPasswordResetEmail(auth, email.trim());
}

/** The password-change email: a reset link sent to the signed-in reader's own address. */
export async function sendPasswordChangeEmail(): Promise<void> {
  const user = await waitForCurrentUser();
  if (!user?.email) throw new Error('Not signed in');
  await sendPasswordResetEmail((await firebaseClient()).auth, user.email);
}

/** What the project's password policy asks of `password` (auth/password-does-not-meet-requirements). */
export async function passwordPolicyProblems(password: string): Promise<string[]> {
  try {
    const { auth } = await firebaseClient();
    return policyMessages(await validatePassword(auth, password));
  } catch (error) {
    console.error('validatePassword:', error);
    return [];
  }
}

export async function signOutIdentity(): Promise<void> {
  try {
    await signOut((await firebaseClient()).auth);
  } catch (error) {
    console.error('signOut:', error);
  }
}
