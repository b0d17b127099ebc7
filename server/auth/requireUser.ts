import type { NextApiRequest } from 'next';
import { HttpError, unauthorized } from '../http/errors';
import { logger } from '../logger';
import { assertDemoClient, type DemoRequest } from './demoGuard';
import { adminAuth } from './firebaseAdmin';
import { VerifiedTokens } from './tokenCache';
import { sessionStillValid, IdentityUnavailable, type Revocation } from './revocation';

export type { Revocation } from './revocation';

export interface AuthUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** When the reader signed in (unix seconds): tokens issued before a revocation are refused. */
  authTime: number;
}

export interface AuthOptions {
  /**
   * Whether to ask the identity service if the reader's sessions were revoked since sign-in:
   * 'fresh' for account deletion and payments, 'cached' (a minute) for VIP reading, 'skip'
   * (default) elsewhere, where the token's own expiry (an hour) bounds a stolen token.
   */
  revocation?: Revocation;
}

type AuthRequest = Pick<NextApiRequest, 'headers'> & Partial<Pick<NextApiRequest, 'socket'>>;

export const IDENTITY_UNAVAILABLE_MESSAGE = 'Chưa kiểm tra được phiên đăng nhập lúc này, vui lòng thử lại sau ít phút.';
const IDENTITY_RETRY_AFTER_S = 30;

/** The bearer token of a request; the string 'undefined' counts as none (spec §5). */
export function bearerToken(req: Pick<NextApiRequest, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (!header || !/^Bearer\s+/i.test(header)) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

/** Codes of firebase-admin that blame the token itself (bad, expired, revoked, disabled). */
const TOKEN_FAULTS = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
]);

/** firebase-admin reports a failure to fetch Google's keys under the same code as a bad token. */
const SERVER_SIDE_MESSAGE = /fetching public keys|network|ECONN|ETIMEDOUT|EAI_AGAIN|socket hang up|timeout/i;

function describe(error: unknown): { code: string; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : 'unknown',
    // Never the token: anything shaped like a JWT is cut out.
    message: String(message ?? error)
      .replace(/[\w-]{10,}\.[\w-]{10,}\.[\w-]*/g, '[token]')
      .slice(0, 300),
  };
}

function isTokenFault(error: unknown): boolean {
  const { code, message } = describe(error);
  return TOKEN_FAULTS.has(code) && !SERVER_SIDE_MESSAGE.test(message);
}

/** A verification that failed on our side (keys or identity service unreachable): warn, and 503. */
function identityUnavailable(error: unknown, stage: string): HttpError {
  const { code, message } = describe(error);
  logger.warn({ reason: code, detail: message, stage }, 'token verification failed on the server side');
  return new HttpError(503, IDENTITY_UNAVAILABLE_MESSAGE, IDENTITY_RETRY_AFTER_S);
}

const verifiedTokens = new VerifiedTokens<AuthUser>();

/**
 * Verifies a Firebase ID token (signature, expiry, audience; revocation as asked); a token this
 * process verified before is taken from memory until it expires (tokenCache.ts). Null for a
 * token that is not good; a 503 HttpError when the check itself could not be made.
 */
export async function verifyToken(token: string, options: AuthOptions = {}): Promise<AuthUser | null> {
  let user: AuthUser | undefined = verifiedTokens.get(token);
  try {
    if (!user) {
      const decoded = await adminAuth().verifyIdToken(token, false);
      user = {
        uid: decoded.uid,
        email: decoded.email ?? '',
        emailVerified: decoded.email_verified ?? false,
        name: (decoded.name as string | undefined) ?? null,
        picture: decoded.picture ?? null,
        authTime: decoded.auth_time,
      };
      verifiedTokens.set(token, user, decoded.exp);
    }
  } catch (error) {
    if (isTokenFault(error)) {
      logger.debug({ reason: describe(error).code }, 'token rejected');
      return null;
    }
    throw identityUnavailable(error, 'verify');
  }
  try {
    const kept = await sessionStillValid(user.uid, user.authTime, options.revocation ?? 'skip');
    return kept ? user : null;
  } catch (error) {
    if (error instanceof IdentityUnavailable) throw identityUnavailable(error.cause, 'revocation');
    throw error;
  }
}

/** The signed-in reader of a request, or 401 (403 in demo mode from outside this machine). */
export async function requireUser(req: AuthRequest, options: AuthOptions = {}): Promise<AuthUser> {
  assertDemoClient(req as DemoRequest);
  const token = bearerToken(req);
  const user = token ? await verifyToken(token, options) : null;
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in reader when a valid token is present; null otherwise (public endpoints). */
export async function optionalUser(req: AuthRequest, options: AuthOptions = {}): Promise<AuthUser | null> {
  const token = bearerToken(req);
  if (!token) return null;
  assertDemoClient(req as DemoRequest);
  return verifyToken(token, options);
}
