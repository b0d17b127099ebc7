import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { FetchError } from './errors';

function decoderFor(contentEncoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (contentEncoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * Reads a response body, decompressing gzip/deflate/br, and aborts as soon as either the bytes on
 * the wire or the decoded bytes pass `maxBytes` (a small compressed body can expand enormously).
 */
export function readCappedBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(new FetchError('TOO_LARGE', `declared ${declared} bytes`));
  }
  const decoder = decoderFor(String(res.headers['content-encoding'] ?? ''));
  const stream: Readable = decoder ? res.pipe(decoder) : res;

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let wireBytes = 0;
    let decodedBytes = 0;
    let done = false;
    const fail = (error: FetchError) => {
      if (done) return;
      done = true;
      res.destroy();
      decoder?.destroy();
      reject(error);
    };
    if (decoder) {
      res.on('data', (chunk: Buffer) => {
        wireBytes += chunk.length;
        if (wireBytes > maxBytes) fail(new FetchError('TOO_LARGE', `more than ${maxBytes} bytes on the wire`));
      });
      decoder.on('error', (cause) => fail(new FetchError('NETWORK', 'corrupt compressed body', { cause })));
    }
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      decodedBytes += chunk.length;
      if (decodedBytes > maxBytes) {
        fail(new FetchError('TOO_LARGE', `more than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('aborted', () => fail(new FetchError('NETWORK', 'connection closed mid-body')));
    res.on('error', (cause) => fail(new FetchError('NETWORK', 'body failed', { cause })));
    stream.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
  });
}
