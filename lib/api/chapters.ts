import { sendWithServerTime, type SignedAnswer } from '../chapterClock';
import { signChapterRequest } from '../chapterSign';
import { publicEnv } from '../publicEnv';
import { readToken } from '../storage';
import type { ChapterText } from '../types';
import { quietly } from './policy';

/** A refused chapter request; `status` tells the page why (403: a VIP chapter, 400 stale: clock). */
export class ChapterTextError extends Error {
  constructor(
    readonly status: number,
    readonly serverTime?: number,
    readonly stale = false,
  ) {
    super('Network response was not ok');
    this.name = 'ChapterTextError';
  }
}

type ChapterTextAnswer = ChapterText & { serverTime?: number };

async function refusal(response: Response): Promise<ChapterTextError> {
  const body = (await response.json().catch(() => null)) as { serverTime?: unknown; stale?: unknown } | null;
  const serverTime = typeof body?.serverTime === 'number' ? body.serverTime : undefined;
  return new ChapterTextError(response.status, serverTime, body?.stale === true);
}

/** POST /book/text with a signed request, with the reader's token so members get VIP chapters. */
async function requestChapterText(sign: string): Promise<ChapterTextAnswer> {
  const token = readToken();
  const response = await fetch(`${publicEnv.apiUrl}/book/text`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ sign }),
  });
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as ChapterTextAnswer;
}

/** A non-OK status throws 'Network response was not ok', and the policy logs it (spec §8). */
export function fetchChapterText(sign: string): Promise<ChapterText | undefined> {
  return quietly('fetchChapterText', () => requestChapterText(sign));
}

async function sendSigned(sign: string): Promise<SignedAnswer<ChapterText>> {
  let refused: ChapterTextError | null = null;
  const text = await quietly('fetchChapterText', () =>
    requestChapterText(sign).catch((error: unknown) => {
      if (error instanceof ChapterTextError) refused = error;
      throw error;
    }),
  );
  if (text) return { ok: true, value: text, serverTime: text.serverTime };
  const error = refused as ChapterTextError | null;
  return { ok: false, status: error?.status ?? 0, serverTime: error?.serverTime, stale: error?.stale };
}

/**
 * A chapter's text, signed with the server's time whatever the device's clock says; a failure
 * gives its HTTP status (0 when the network failed).
 */
export async function fetchSignedChapterText(truyenId: string, index: number): Promise<ChapterText | { failed: number }> {
  const answer = await sendWithServerTime((time) => signChapterRequest({ truyenId, index, time }, publicEnv.chapterSignKey), sendSigned);
  return answer.ok ? answer.value : { failed: answer.status };
}
