import { HttpError } from '../http/errors';
import { logger } from '../logger';
import { adminAuth } from './firebaseAdmin';

const UNAVAILABLE = 'Chưa kiểm tra được tài khoản của bạn lúc này, vui lòng thử lại sau ít phút.';

/**
 * Whether the identity service says the account's email is verified now (not the token's claim,
 * which stays false until the reader's next sign-in after verifying). An account the service no
 * longer has is not verified; 503 when it cannot be asked.
 */
export async function isEmailVerified(uid: string): Promise<boolean> {
  try {
    return (await adminAuth().getUser(uid)).emailVerified;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    logger.warn({ reason: (error as { code?: string }).code ?? 'unknown', detail: String((error as Error).message ?? error).slice(0, 200) }, 'email verification check failed');
    throw new HttpError(503, UNAVAILABLE, 30);
  }
}
