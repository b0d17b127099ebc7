import type { NextApiRequest, NextApiResponse } from 'next';
import { ZodError } from 'zod';
import { assertDemoClient } from '../auth/demoGuard';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { logger } from '../logger';
import { apiAdmission, OVERLOADED } from '../http/admission';
import { env } from '../env';
import { setApiHeaders } from '../http/apiHeaders';
import { giveDeviceCookie, secureCookies } from '../http/deviceCookie';
import { HttpError } from '../http/errors';
import { requestClaimant } from '../http/reader';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteHandler = (req: NextApiRequest, res: NextApiResponse) => Promise<unknown>;

const INTERNAL_ERROR = 'Máy chủ gặp sự cố, vui lòng thử lại sau.';

function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  return field ? `Dữ liệu không hợp lệ ở trường "${field}".` : 'Dữ liệu không hợp lệ.';
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** Maps any thrown error to `{message}` with its status; only 5xx are logged, never sent. */
export function sendError(res: NextApiResponse, error: unknown, req?: NextApiRequest): void {
  if (error instanceof HttpError) {
    if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter))));
    res.status(error.status).json({ message: error.message });
  } else if (error instanceof ZodError) {
    res.status(400).json({ message: describeZodError(error) });
  } else if (isUniqueViolation(error)) {
    res.status(409).json({ message: 'Dữ liệu đã tồn tại.' });
  } else if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, method: req?.method, url: req?.url }, 'database unavailable');
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(503).json({ message: OVERLOADED });
  } else {
    logger.error({ err: error, method: req?.method, url: req?.url }, 'request failed');
    res.status(500).json({ message: INTERNAL_ERROR });
  }
}

export interface RouteOptions {
  /**
   * Whether the route takes a turn of the API's admission (server/http/admission.ts); off for
   * routes that mostly wait on something else than this process and the database (health, audio
   * synthesis and live fetches, which have queues of their own). The site gate lets the same
   * routes through without a turn (server/http/siteGate.ts); a unit test keeps the two in step.
   */
  admission?: boolean;
}

/**
 * One API route: sets the API's security headers, refuses (403) in demo mode a client that is
 * not on this machine, gives a browser without one its device cookie (server/http/deviceCookie.ts),
 * then dispatches by method, in its reader's turn of the API's admission; a handler
 * returns the JSON body (or undefined when it wrote the response itself). Unknown methods get
 * 405 with an Allow header.
 */
export function apiRoute(handlers: Partial<Record<Method, RouteHandler>>, { admission = true }: RouteOptions = {}) {
  return async function route(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    setApiHeaders(req, res);
    try {
      assertDemoClient(req);
    } catch (error) {
      res.setHeader('Cache-Control', 'no-store');
      sendError(res, error, req);
      return;
    }
    const config = env();
    giveDeviceCookie(req, res, config.DEVICE_COOKIE_SECRET, secureCookies(config));
    const handler = handlers[(req.method ?? 'GET') as Method];
    if (!handler) {
      res.setHeader('Allow', Object.keys(handlers).join(', '));
      res.status(405).json({ message: 'Phương thức không được hỗ trợ.' });
      return;
    }
    try {
      const body = admission ? await apiAdmission().admitted(() => handler(req, res), requestClaimant(req, config)) : await handler(req, res);
      if (body !== undefined && !res.headersSent) res.status(200).json(body);
    } catch (error) {
      if (res.headersSent) {
        logger.error({ err: error, url: req.url }, 'request failed after the response started');
        res.end();
      } else {
        sendError(res, error, req);
      }
    }
  };
}
