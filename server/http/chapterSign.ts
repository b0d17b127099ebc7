import { createDecipheriv, createHash } from 'node:crypto';

/**
 * Reads a `sign` of POST /api/book/text: what lib/chapterSign.ts (crypto-js AES in passphrase
 * mode) wrote in the browser, decrypted with Node's own crypto. The format is OpenSSL's:
 * base64 of "Salted__", an 8-byte salt and AES-256-CBC ciphertext, with key and IV derived from
 * passphrase and salt by EVP_BytesToKey (MD5, one round).
 */

const SALTED = Buffer.from('Salted__', 'latin1');
const KEY_BYTES = 32;
const IV_BYTES = 16;

function keyAndIv(passphrase: Buffer, salt: Buffer): { key: Buffer; iv: Buffer } {
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  let length = 0;
  while (length < KEY_BYTES + IV_BYTES) {
    previous = createHash('md5').update(previous).update(passphrase).update(salt).digest();
    blocks.push(previous);
    length += previous.length;
  }
  const bytes = Buffer.concat(blocks);
  return { key: bytes.subarray(0, KEY_BYTES), iv: bytes.subarray(KEY_BYTES, KEY_BYTES + IV_BYTES) };
}

/** The decrypted JSON value; null when it is not valid ciphertext of JSON for this passphrase. */
export function readChapterSign(sign: string, passphrase: string): unknown {
  const bytes = Buffer.from(sign, 'base64');
  if (bytes.length < 32 || (bytes.length - 16) % 16 !== 0 || !bytes.subarray(0, 8).equals(SALTED)) return null;
  const { key, iv } = keyAndIv(Buffer.from(passphrase, 'utf8'), bytes.subarray(8, 16));
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    const text = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
