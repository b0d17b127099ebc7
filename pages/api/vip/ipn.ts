import { db } from '@/server/db/client';
import { apiRoute } from '@/server/http/handler';
import { handleIpn } from '@/server/services/vip';
import { ZPaymentQuery } from '@/server/services/vipInputs';

/**
 * GET /api/vip/ipn: VNPay's server-to-server payment notification (IPN), the only authority that
 * grants VIP. Always HTTP 200 with {RspCode, Message}: VNPay reads the code, not the status.
 */
export default apiRoute({
  GET: async (req, res) => {
    const parsed = ZPaymentQuery.safeParse(req.query);
    res.setHeader('Cache-Control', 'no-store');
    if (!parsed.success) return { RspCode: '99', Message: 'Invalid request' };
    return handleIpn(db(), parsed.data);
  },
});
