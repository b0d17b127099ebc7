import { bearerToken, requireUser, verifyToken } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { forbidden } from '@/server/http/errors';
import { apiRoute } from '@/server/api/handler';
import { ZDeleteUserInput } from '@/server/services/userInputs';
import { deleteAccount } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** DELETE /api/user/delete: the reader's data, then their identity account. */
  async DELETE(req) {
    const user = await requireUser(req, { revocation: 'fresh' });
    const { token } = ZDeleteUserInput.parse(req.body ?? {});
    if (token && token !== 'undefined' && token !== bearerToken(req) && (await verifyToken(token))?.uid !== user.uid) {
      throw forbidden();
    }
    await deleteAccount(db(), user.uid);
    return { message: 'Đã xóa tài khoản' };
  },
});
