import { assertDemoClient } from '@/server/auth/demoGuard';
import { apiRoute } from '@/server/api/handler';
import { paymentCall } from '@/server/http/paymentErrors';
import { selfOrigin } from '@/server/http/requestOrigin';
import { ZSandboxCompleteInput } from '@/server/services/vipInputs';
import { completeSandboxPayment } from '@/server/services/vipSandbox';

/** The largest legitimate body: the longest text field (5,000 characters) as JSON. */
export const config = { api: { bodyParser: { sizeLimit: '32kb' } } };

/**
 * POST /api/vip/sandbox/complete {params, outcome}: the sandbox gateway's "Thanh toán" / "Hủy".
 * Delivers the signed IPN to this server's own /api/vip/ipn over HTTP (the address the request
 * came in on), then answers the return URL the browser goes to.
 */
export default apiRoute({
  POST: async (req, res) => {
    assertDemoClient(req);
    const { params, outcome } = ZSandboxCompleteInput.parse(req.body ?? {});
    const completion = await paymentCall(() => completeSandboxPayment(params, outcome, selfOrigin(req)));
    res.setHeader('Cache-Control', 'no-store');
    return { returnUrl: completion.returnUrl, ipn: completion.ipn };
  },
});
