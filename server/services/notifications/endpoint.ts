/**
 * Which push endpoints the site will send to. The endpoint comes from the reader's browser, so
 * the server would POST wherever it points: only https to the browsers' push services (by host
 * name, no addresses), and http to loopback only when PUSH_ALLOW_LOOPBACK is on (the push-service
 * stand-in of tests and demo mode).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung Internet
  'android.googleapis.com',
  'push.services.mozilla.com', // Firefox
  'push.apple.com', // Safari (web.push.apple.com)
  'notify.windows.com', // Edge on Windows (*.notify.windows.com)
] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const MAX_ENDPOINT_CHARS = 1_024;

function isPushServiceHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** Whether the site may send to `endpoint`. */
export function isAllowedEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  if (endpoint.length > MAX_ENDPOINT_CHARS) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) return url.protocol === 'http:' || url.protocol === 'https:';
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && isPushServiceHost(url.hostname);
}
