import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ifNoneMatchMatches } from '@/server/http/etag';

export interface SendFileOptions {
  /** Cache-Control header; rendered chapter audio never changes under its name. */
  cacheControl?: string;
  /**
   * What names this content for good (a cache file name carrying a hash of its input): the ETag is
   * made from it and the size. Without it the modification time is used, which changes when the
   * cache marks a file as used.
   */
  etag?: string;
}

export type ByteRange = { start: number; end: number };

const DEFAULT_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Parses a Range header against a file size. Returns undefined to serve the whole file (no header,
 * another unit, several ranges or bad syntax, which RFC 9110 allows ignoring) and 'unsatisfiable'
 * when the single range lies outside the file.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;

  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a file with HTTP range support (206 Partial Content, 416, HEAD), as audio players seek by
 * requesting byte ranges. Resolves when the response is complete.
 */
export async function sendFileWithRange(
  req: IncomingMessage,
  res: ServerResponse,
  filePath: string,
  contentType: string,
  opts: SendFileOptions = {},
): Promise<void> {
  const info = await stat(filePath);
  const size = info.size;
  const version = opts.etag ? createHash('sha256').update(opts.etag).digest('hex').slice(0, 16) : Math.floor(info.mtimeMs).toString(16);
  const etag = `"${size.toString(16)}-${version}"`;

  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', opts.cacheControl ?? DEFAULT_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', info.mtime.toUTCString());

  if (ifNoneMatchMatches(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }

  // If-Range: a range is honoured only while the client's copy is still the current file.
  const ifRange = req.headers['if-range'];
  const range = ifRange && ifRange !== etag ? undefined : parseByteRange(req.headers.range, size);

  if (range === 'unsatisfiable') {
    res.statusCode = 416;
    res.setHeader('Content-Range', `bytes */${size}`);
    res.setHeader('Content-Length', 0);
    res.end();
    return;
  }

  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  res.statusCode = range ? 206 : 200;
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  res.setHeader('Content-Length', length);

  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return;
  }
  try {
    await pipeline(createReadStream(filePath, { start, end }), res);
  } catch (error) {
    // A listener who skips ahead or leaves closes the connection mid-file: not a server fault.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' && (res.destroyed || req.destroyed)) return;
    throw error;
  }
}
