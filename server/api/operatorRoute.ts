import type { NextApiRequest, NextApiResponse } from 'next';
import { requireOperator, type Operator } from '../auth/requireOperator';
import { apiRoute, type RouteOptions } from './handler';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OperatorHandler = (req: NextApiRequest, res: NextApiResponse, operator: Operator) => Promise<unknown>;

/**
 * An operator endpoint (/api/admin/…): apiRoute() whose every method first requires the operator
 * role (401 without a valid token, 403 for a reader), so none can forget the check; answers are
 * never stored by a browser or a proxy.
 */
export function operatorRoute(handlers: Partial<Record<Method, OperatorHandler>>, options?: RouteOptions) {
  const wrapped = Object.fromEntries(
    Object.entries(handlers).map(([method, handler]) => [
      method,
      async (req: NextApiRequest, res: NextApiResponse) => {
        res.setHeader('Cache-Control', 'private, no-store');
        const operator = await requireOperator(req);
        return handler(req, res, operator);
      },
    ]),
  );
  return apiRoute(wrapped, options);
}
