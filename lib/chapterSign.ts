import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/** The payload of a signed chapter request (spec §3): `time` in seconds. */
export interface ChapterSignPayload {
  truyenId: string;
  index: number;
  time: number;
}

/** crypto-js AES (passphrase mode) of the JSON payload, as `POST /book/text` expects in `sign`. */
export function signChapterRequest(payload: ChapterSignPayload, passphrase: string): string {
  return AES.encrypt(JSON.stringify(payload), passphrase).toString();
}

/** Decrypts a sign; null when it is not valid ciphertext of a JSON object for this passphrase. */
export function readChapterSign(sign: string, passphrase: string): unknown {
  try {
    const text = AES.decrypt(sign, passphrase).toString(Utf8);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
