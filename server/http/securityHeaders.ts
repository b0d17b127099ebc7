/**
 * The security headers of every page and API answer: a Content-Security-Policy the site works
 * under (its own origin, the hashes of its inline scripts, and the Firebase, ad and API origins
 * only when they are configured), HSTS over HTTPS, and a Permissions-Policy.
 */
export interface SecuritySettings {
  /** `next dev`: its tooling needs eval and inline scripts, and a websocket. */
  dev: boolean;
  https: boolean;
  /** CSP hash sources of the build's inline scripts. */
  scriptHashes: string[];
  /** The Auth emulator's origin (demo mode). */
  emulatorOrigin: string | null;
  /** The auth domain of a real Firebase project (its sign-in helper frames). */
  firebaseAuthDomain: string | null;
  /** An ad network client is configured. */
  ads: boolean;
  /** Other origins the browser calls: an API on another host, the token sync URL. */
  connectOrigins: string[];
}

const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
const FIREBASE_SCRIPT = ['https://apis.google.com'];
const AD_SCRIPT = ['https://pagead2.googlesyndication.com', 'https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com', 'https://*.gstatic.com', 'https://*.adtrafficquality.google'];
const AD_CONNECT = ['https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com', 'https://*.adtrafficquality.google'];
const AD_FRAME = ['https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com'];

/** The origin of an absolute URL; null for a relative one or junk. */
export function originOf(url: string | undefined | null): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function directive(name: string, sources: (string | null | false | undefined)[]): string {
  const unique = [...new Set(sources.filter((source): source is string => Boolean(source)))];
  return unique.length > 0 ? `${name} ${unique.join(' ')}` : name;
}

export function contentSecurityPolicy(settings: SecuritySettings): string {
  const firebase = settings.firebaseAuthDomain !== null;
  const directives = [
    directive('default-src', ["'self'"]),
    directive('script-src', [
      "'self'",
      // With a hash present browsers ignore 'unsafe-inline', so dev gets neither hashes nor a pretence.
      ...(settings.dev ? ["'unsafe-inline'", "'unsafe-eval'"] : settings.scriptHashes),
      ...(firebase ? FIREBASE_SCRIPT : []),
      ...(settings.ads ? AD_SCRIPT : []),
    ]),
    directive('style-src', ["'self'", "'unsafe-inline'"]),
    directive('img-src', ["'self'", 'data:', 'blob:', 'https:', settings.emulatorOrigin && 'http:']),
    directive('font-src', ["'self'", 'data:']),
    directive('connect-src', [
      "'self'",
      settings.emulatorOrigin,
      ...(firebase ? FIREBASE_CONNECT : []),
      ...(settings.ads ? AD_CONNECT : []),
      ...settings.connectOrigins,
      ...(settings.dev ? ['ws:', 'wss:'] : []),
    ]),
    directive('media-src', ["'self'", 'blob:', 'data:']),
    directive('frame-src', ["'self'", firebase && `https://${settings.firebaseAuthDomain}`, ...(settings.ads ? AD_FRAME : [])]),
    directive('worker-src', ["'self'", 'blob:']),
    directive('manifest-src', ["'self'"]),
    directive('object-src', ["'none'"]),
    directive('base-uri', ["'self'"]),
    directive('form-action', ["'self'"]),
    directive('frame-ancestors', ["'self'"]),
    ...(settings.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

export function securityHeaders(settings: SecuritySettings): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(settings.https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
