import type { IncomingMessage } from 'node:http';
import { env } from '../env';
import { DEMO_REFUSED_MESSAGE, demoRefusalReason, nodeHeaders } from '../http/demoAccess';
import { HttpError } from '../http/errors';
import { logger } from '../logger';

export type DemoRequest = Pick<IncomingMessage, 'headers'> & { socket?: Pick<IncomingMessage['socket'], 'remoteAddress'> };

/**
 * In demo mode, refuses (403, with how to configure Firebase) a request that does not come from
 * this machine directly: what unsigned tokens and the free payment sandbox may be used by.
 */
export function assertDemoClient(req: DemoRequest): void {
  if (!env().demoMode) return;
  const reason = demoRefusalReason(nodeHeaders(req.headers), req.socket?.remoteAddress);
  if (!reason) return;
  logger.warn({ reason }, 'demo mode refused a request from outside this machine');
  throw new HttpError(403, DEMO_REFUSED_MESSAGE);
}
