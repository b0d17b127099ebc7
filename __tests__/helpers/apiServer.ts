import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiHandler } from 'next';
import { apiResolver } from 'next/dist/server/api-utils/node/api-resolver';

export interface ApiServer {
  origin: string;
  close: () => Promise<void>;
}

/**
 * A loopback HTTP server that routes by path to API handlers through Next's own API resolver,
 * like the site does: for routes that call other routes of the site over HTTP.
 */
export async function startApiServer(routes: Record<string, NextApiHandler>): Promise<ApiServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    void apiResolver(req, res, query, routes[url.pathname], {} as Parameters<typeof apiResolver>[4], false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
