import type { IncomingMessage } from 'node:http';
import { badRequest, HttpError } from './errors';

/**
 * Reads a JSON request body of at most `maxBytes` from the stream, for routes that turn off Next's
 * body parser so they can check who asks before reading a large body, or answer malformed JSON in
 * Vietnamese. A body past the limit stops being read at the limit: 413 with `tooLarge`.
 */
export async function readJsonBody(req: IncomingMessage & { body?: unknown }, maxBytes: number, tooLarge: string): Promise<unknown> {
  // A test harness or an earlier reader may have parsed it already.
  if (req.body !== undefined) return req.body;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) {
      req.destroy();
      throw new HttpError(413, tooLarge);
    }
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks, size).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Nội dung yêu cầu không phải JSON hợp lệ.');
  }
}
