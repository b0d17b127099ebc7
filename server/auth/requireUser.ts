import type { NextApiRequest } from 'next';
import { unauthorized } from '../http/errors';
import { logger } from '../logger';
import { adminAuth } from './firebaseAdmin';

export interface AuthUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** The bearer token of a request; the string 'undefined' counts as none (spec §5). */
export function bearerToken(req: Pick<NextApiRequest, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (!header || !/^Bearer\s+/i.test(header)) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'undefined' && token !== 'null' ? token : null;
}

/** Verifies a Firebase ID token (signature, expiry, audience, revocation). */
export async function verifyToken(token: string): Promise<AuthUser | null> {
  try {
    const decoded = await adminAuth().verifyIdToken(token, true);
    return {
      uid: decoded.uid,
      email: decoded.email ?? '',
      emailVerified: decoded.email_verified ?? false,
      name: (decoded.name as string | undefined) ?? null,
      picture: decoded.picture ?? null,
    };
  } catch (error) {
    logger.debug({ err: error }, 'token rejected');
    return null;
  }
}

/** The signed-in reader of a request, or 401. */
export async function requireUser(req: Pick<NextApiRequest, 'headers'>): Promise<AuthUser> {
  const token = bearerToken(req);
  const user = token ? await verifyToken(token) : null;
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in reader when a valid token is present; null otherwise (public endpoints). */
export async function optionalUser(req: Pick<NextApiRequest, 'headers'>): Promise<AuthUser | null> {
  const token = bearerToken(req);
  return token ? verifyToken(token) : null;
}
