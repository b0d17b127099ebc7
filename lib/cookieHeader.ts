import { parseCookie } from 'cookie';

/**
 * The one reader of Cookie headers (and of `document.cookie`, which has the same form), by npm
 * "cookie". Values are returned as sent: the site's own cookies are URL-safe, and nothing here
 * percent-decodes what a client wrote.
 */
export function parseCookieHeader(header: string | readonly string[] | undefined): Map<string, string> {
  const text = typeof header === 'string' ? header : (header ?? []).join(';');
  const parsed = parseCookie(text, { decode: (value) => value });
  return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The named cookie's value in a Cookie header, or undefined. */
export function cookieValue(header: string | readonly string[] | undefined, name: string): string | undefined {
  return parseCookieHeader(header).get(name);
}
