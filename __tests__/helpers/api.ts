import type { NextApiHandler } from 'next';
import { testApiHandler } from 'next-test-api-route-handler';

export interface ApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, string | string[]>;
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiResult<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls an API route handler over real HTTP (Next's own request handling on loopback). */
export async function callApi<T = Record<string, unknown>>(handler: NextApiHandler, call: ApiCall = {}): Promise<ApiResult<T>> {
  let result: ApiResult<T> | undefined;
  await testApiHandler({
    pagesHandler: handler,
    params: call.params,
    test: async ({ fetch }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...call.headers };
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      const body = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
      const response = await fetch({ method: call.method ?? 'GET', headers, body });
      const text = await response.text();
      result = { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
    },
  });
  return result!;
}
