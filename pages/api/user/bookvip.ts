import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { ZBookVipInput } from '@/server/services/userInputs';
import { canReadVip } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

export default apiRoute({
  /** POST /api/user/bookvip: true only for the bearer's own account while its VIP is active. */
  async POST(req) {
    const { email, slug } = ZBookVipInput.parse(req.body ?? {});
    if (!email || !slug) return { data: { result: false } };
    const user = await optionalUser(req, { revocation: 'cached' });
    return { data: { result: user ? await canReadVip(db(), user, email, slug) : false } };
  },
});
