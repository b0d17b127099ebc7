import iconv from 'iconv-lite';

const GB_FAMILY = new Set(['gbk', 'gb2312', 'gb_2312-80', 'gb18030', 'x-gbk', 'cp936', 'euc-cn']);

function charsetFromContentType(contentType: string): string | null {
  const match = contentType.match(/charset\s*=\s*["']?([\w.:-]+)/i);
  return match ? match[1].toLowerCase() : null;
}

/** Looks for <meta charset> or <meta http-equiv="Content-Type" content="…charset=…"> near the top. */
function charsetFromMarkup(body: Buffer): string | null {
  // Charset names and the markup around them are ASCII, so a latin1 view of the head is enough.
  const head = body.subarray(0, 4096).toString('latin1');
  const direct = head.match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i);
  return direct ? direct[1].toLowerCase() : null;
}

/** The charset a page declares (header first, then markup), normalised; utf-8 when none. */
export function detectCharset(body: Buffer, contentType: string): string {
  const declared = charsetFromContentType(contentType) ?? charsetFromMarkup(body) ?? 'utf-8';
  // GB2312 and GBK pages routinely contain characters only GB18030 defines; it is a superset.
  if (GB_FAMILY.has(declared)) return 'gb18030';
  if (declared === 'utf8') return 'utf-8';
  return iconv.encodingExists(declared) ? declared : 'utf-8';
}

/** Decodes a fetched page to text according to its declared charset. */
export function decodeBody(body: Buffer, contentType: string): string {
  const charset = detectCharset(body, contentType);
  const text = iconv.decode(body, charset);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
