import { publicEnv } from '../publicEnv';
import { readToken } from '../storage';
import type { ChapterText } from '../types';
import { quietly } from './policy';

/** A refused chapter request; `status` tells the page why (403: a VIP chapter). */
export class ChapterTextError extends Error {
  constructor(readonly status: number) {
    super('Network response was not ok');
    this.name = 'ChapterTextError';
  }
}

/** POST /book/text with a signed request, with the reader's token so members get VIP chapters. */
async function requestChapterText(sign: string): Promise<ChapterText> {
  const token = readToken();
  const response = await fetch(`${publicEnv.apiUrl}/book/text`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ sign }),
  });
  if (!response.ok) throw new ChapterTextError(response.status);
  return (await response.json()) as ChapterText;
}

/** A non-OK status throws 'Network response was not ok', and the policy logs it (spec §8). */
export function fetchChapterText(sign: string): Promise<ChapterText | undefined> {
  return quietly('fetchChapterText', () => requestChapterText(sign));
}

/** Like fetchChapterText, but a failure gives its HTTP status (0 when the network failed). */
export async function fetchChapterTextOrStatus(sign: string): Promise<ChapterText | { failed: number }> {
  let status = 0;
  const text = await quietly('fetchChapterText', () =>
    requestChapterText(sign).catch((error: unknown) => {
      if (error instanceof ChapterTextError) status = error.status;
      throw error;
    }),
  );
  return text ?? { failed: status };
}
