import { NextResponse, type NextRequest } from 'next/server';
import { publicEnv } from '@/lib/publicEnv';
import { DEMO_COOKIE } from '@/lib/firstPaintScript';
import { demoModeOf } from '@/server/env';
import { DEMO_REFUSED_MESSAGE, demoRefusalReason } from '@/server/http/demoAccess';
import { inlineScriptHashes } from '@/server/http/inlineScripts';
import { originOf, securityHeaders, type SecuritySettings } from '@/server/http/securityHeaders';
import { logger } from '@/server/logger';

/**
 * Runs before every page (and its `_next/data` JSON): in demo mode, refuses anyone but this
 * machine (a page or JSON message saying how to configure Firebase); everywhere, adds the
 * security headers. API routes do both themselves in apiRoute() (server/api/handler.ts).
 */

/** Read at run time (not inlined at build): one build serves any project or emulator port. */
const runtimeEnv: NodeJS.ProcessEnv = process.env;

function settings(https: boolean): SecuritySettings {
  const demo = demoModeOf(runtimeEnv);
  const projectId = runtimeEnv.FIREBASE_PROJECT_ID || runtimeEnv.NEXT_PUBLIC_FIREBASE_PROJECT_ID || '';
  const realProject = !demo && Boolean(runtimeEnv.NEXT_PUBLIC_FIREBASE_API_KEY) && !projectId.startsWith('demo-');
  return {
    dev: runtimeEnv.NODE_ENV === 'development',
    https,
    scriptHashes: inlineScriptHashes(),
    emulatorOrigin: demo ? `http://${runtimeEnv.FIREBASE_AUTH_EMULATOR_HOST}` : null,
    // The Firebase SDK loads Google's sign-in helper (apis.google.com, the auth domain's frame)
    // on some browsers even against the emulator, so demo mode allows them too.
    firebaseAuthDomain: demo || realProject ? (realProject && runtimeEnv.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN) || `${projectId}.firebaseapp.com` : null,
    ads: Boolean(publicEnv.adClient),
    connectOrigins: [publicEnv.apiUrl, publicEnv.bookApiUrl, publicEnv.tokenSyncUrl].map(originOf).filter((origin): origin is string => Boolean(origin)),
  };
}

const headersByScheme = new Map<boolean, Record<string, string>>();

function headersFor(https: boolean): Record<string, string> {
  let headers = headersByScheme.get(https);
  if (!headers) {
    headers = securityHeaders(settings(https));
    headersByScheme.set(https, headers);
  }
  return headers;
}

function refusalPage(): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bản chạy thử chỉ mở trên máy chủ</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6"><h1>Bản chạy thử chỉ mở trên máy chủ</h1><p>${DEMO_REFUSED_MESSAGE}</p></body></html>`;
}

function refuse(request: NextRequest, reason: string): NextResponse {
  logger.warn({ reason, path: request.nextUrl.pathname }, 'demo mode refused a request from outside this machine');
  const response = request.nextUrl.pathname.startsWith('/api/')
    ? NextResponse.json({ message: DEMO_REFUSED_MESSAGE }, { status: 403 })
    : new NextResponse(refusalPage(), { status: 403, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const demo = demoModeOf(runtimeEnv);
  if (demo) {
    const reason = demoRefusalReason((name) => request.headers.get(name) ?? undefined);
    if (reason) return refuse(request, reason);
  }
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(headersFor(https))) response.headers.set(name, value);
  const flagged = request.cookies.get(DEMO_COOKIE)?.value === '1';
  if (demo && !flagged) response.cookies.set(DEMO_COOKIE, '1', { path: '/', sameSite: 'lax' });
  if (!demo && flagged) response.cookies.delete(DEMO_COOKIE);
  return response;
}

export const config = {
  // Pages and their data; not API routes (apiRoute() guards them) or the build's static files.
  matcher: ['/((?!api/|_next/static|_next/image|favicon\\.ico|icon\\.svg|apple-touch-icon\\.png|site\\.webmanifest).*)'],
};
