import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { HttpError } from '@/server/http/errors';
import { apiRoute } from '@/server/api/handler';
import { paymentCall } from '@/server/http/paymentErrors';
import { clientIp, publicOrigin } from '@/server/http/requestOrigin';
import { createOrder } from '@/server/services/vip';
import { ZCreateVipOrderInput } from '@/server/services/vipInputs';
import { paymentsAvailable } from '@/server/services/vipSandbox';
import { ensureUserExists } from '@/server/services/users';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/** POST /api/vip/order {planCode}: a pending order and the payment page to send the reader to. */
export default apiRoute({
  POST: async (req, res) => {
    const user = await requireUser(req, { revocation: 'fresh' });
    const { planCode } = ZCreateVipOrderInput.parse(req.body ?? {});
    if (!paymentsAvailable()) throw new HttpError(503, 'Thanh toán trực tuyến chưa được cấu hình. Vui lòng thử lại sau.');
    await ensureUserExists(db(), user);
    const returnUrl = `${publicOrigin(req)}/vip/ket-qua`;
    const order = await paymentCall(() => createOrder(db(), { userId: user.uid, planCode, ipAddr: clientIp(req), returnUrl }));
    res.setHeader('Cache-Control', 'private, no-store');
    return { paymentUrl: order.paymentUrl, ref: order.ref, amount: order.amount };
  },
});
