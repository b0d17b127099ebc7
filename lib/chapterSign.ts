import AES from 'crypto-js/aes';

/** The payload of a signed chapter request (spec §3): `time` in seconds. */
export interface ChapterSignPayload {
  truyenId: string;
  index: number;
  time: number;
}

/**
 * crypto-js AES (passphrase mode) of the JSON payload, as `POST /book/text` expects in `sign`; the
 * server reads it with server/http/chapterSign.ts.
 */
export function signChapterRequest(payload: ChapterSignPayload, passphrase: string): string {
  return AES.encrypt(JSON.stringify(payload), passphrase).toString();
}
