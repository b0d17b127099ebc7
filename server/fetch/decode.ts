import { getEncoding } from 'encoding-sniffer';
import iconv from 'iconv-lite';

const GB_FAMILY = new Set(['gbk', 'gb2312', 'gb_2312-80', 'gb18030', 'x-gbk', 'cp936', 'euc-cn']);

/** How far into a page its <meta> charset is looked for: Chinese sites put long heads before it. */
const SNIFF_BYTES = 4096;

function charsetFromContentType(contentType: string): string | undefined {
  return contentType.match(/charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
}

/**
 * A page's encoding by the WHATWG rules (npm "encoding-sniffer", also cheerio's): a byte-order
 * mark first, then the Content-Type charset, then <meta charset> or <meta http-equiv>; utf-8
 * when none, or when what is named cannot be decoded.
 */
export function detectCharset(body: Buffer, contentType: string): string {
  const declared = getEncoding(body, {
    transportLayerEncodingLabel: charsetFromContentType(contentType),
    defaultEncoding: 'utf-8',
    maxBytes: SNIFF_BYTES,
  }).toLowerCase();
  // GB2312 and GBK pages routinely contain characters only GB18030 defines; it is a superset.
  if (GB_FAMILY.has(declared)) return 'gb18030';
  if (declared === 'utf8') return 'utf-8';
  return iconv.encodingExists(declared) ? declared : 'utf-8';
}

/** Decodes a fetched page to text in its encoding (detectCharset), without a byte-order mark. */
export function decodeBody(body: Buffer, contentType: string): string {
  const charset = detectCharset(body, contentType);
  const text = iconv.decode(body, charset);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
