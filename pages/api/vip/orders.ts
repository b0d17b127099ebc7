import { requireUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { listOrders } from '@/server/services/vip';

/** GET /api/vip/orders: the reader's VIP purchase history, newest first (times in ms). */
export default apiRoute({
  GET: async (req, res) => {
    const user = await requireUser(req, { revocation: 'fresh' });
    const orders = await listOrders(db(), user.uid);
    res.setHeader('Cache-Control', 'private, no-store');
    return {
      results: orders.map((order) => ({
        ...order,
        createdAt: order.createdAt.getTime(),
        paidAt: order.paidAt ? order.paidAt.getTime() : null,
      })),
    };
  },
});
