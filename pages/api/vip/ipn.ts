import { assertDemoClient } from '@/server/auth/demoGuard';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { paymentProvider } from '@/server/payments';
import { handleIpn } from '@/server/services/vip';
import { ZPaymentQuery } from '@/server/services/vipInputs';

/**
 * GET /api/vip/ipn: VNPay's server-to-server payment notification (IPN), the only authority that
 * grants VIP. Always HTTP 200 with {RspCode, Message}: VNPay reads the code, not the status.
 */
export default apiRoute({
  GET: async (req, res) => {
    // The sandbox's secret may be the built-in one: its notifications come from this machine only.
    if (paymentProvider()?.id === 'sandbox') assertDemoClient(req);
    const parsed = ZPaymentQuery.safeParse(req.query);
    res.setHeader('Cache-Control', 'no-store');
    if (!parsed.success) return { RspCode: '99', Message: 'Invalid request' };
    return handleIpn(db(), parsed.data);
  },
});
