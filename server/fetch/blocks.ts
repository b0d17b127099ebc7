/**
 * Signs that a site answered with a wall instead of the page: Cloudflare's browser check (which
 * only a real browser running its script can pass) and the Retry-After of a refusal.
 */

/**
 * Markers of Cloudflare's interstitial ("Just a moment...", managed challenge, block page). Not
 * `/cdn-cgi/challenge-platform/` alone: Cloudflare also injects that script into normal pages.
 */
const CLOUDFLARE_MARKERS = [
  /<title>\s*Just a moment\.\.\.\s*<\/title>/i,
  /window\._cf_chl_opt\b/,
  /cf-browser-verification/,
  /<title>\s*Attention Required! \| Cloudflare\s*<\/title>/i,
];

/** True when an answer is Cloudflare's challenge or block page; the header is set on challenges. */
export function isCloudflareChallenge(headers: Readonly<Record<string, string>>, body: Buffer | string): boolean {
  if ((headers['cf-mitigated'] ?? '').toLowerCase() === 'challenge') return true;
  // The markers are ASCII, so a latin1 view of the head of the page is enough for any charset.
  const text = typeof body === 'string' ? body.slice(0, 64 * 1024) : body.subarray(0, 64 * 1024).toString('latin1');
  return CLOUDFLARE_MARKERS.some((marker) => marker.test(text));
}

const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/** Retry-After in ms (delta-seconds or an HTTP date), capped at a day; undefined when absent or bad. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}
