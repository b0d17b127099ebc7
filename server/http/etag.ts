const ENTITY_TAG = /\*|(?:W\/)?"[^"]*"/g;

/**
 * Whether an If-None-Match header matches `etag` (RFC 9110 13.1.2): `*`, or any tag of the
 * list by weak comparison (`W/"x"` matches `"x"`). Several header lines count as one list.
 */
export function ifNoneMatchMatches(header: string | readonly string[] | undefined, etag: string): boolean {
  const text = typeof header === 'string' ? header : (header ?? []).join(',');
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  const wanted = opaque(etag);
  for (const [tag] of text.matchAll(ENTITY_TAG)) if (tag === '*' || opaque(tag) === wanted) return true;
  return false;
}
