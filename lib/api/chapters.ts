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

/**
 * Where a chapter's text is asked for: POST /book/text, or for a reader with their own names for
 * an embedded story POST /embedding/chapter (signed in: the account's list; anonymous: `names`).
 */
export interface ChapterTextRoute {
  path: '/book/text' | '/embedding/chapter';
  names?: Record<string, string>;
}

const BOOK_TEXT: ChapterTextRoute = { path: '/book/text' };

/** A signed request, with the reader's token so members get VIP chapters. */
async function requestChapterText(sign: string, route: ChapterTextRoute = BOOK_TEXT): Promise<ChapterTextAnswer> {
  const token = readToken();
  const response = await fetch(`${publicEnv.apiUrl}${route.path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(route.names ? { sign, names: route.names } : { sign }),
  });
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as ChapterTextAnswer;
}

/** A non-OK status throws 'Network response was not ok', and the policy logs it (spec §8). */
export function fetchChapterText(sign: string): Promise<ChapterText | undefined> {
  return quietly('fetchChapterText', () => requestChapterText(sign));
}

async function sendSigned(sign: string, route?: ChapterTextRoute): Promise<SignedAnswer<ChapterText>> {
  let refused: ChapterTextError | null = null;
  const text = await quietly('fetchChapterText', () =>
    requestChapterText(sign, route).catch((error: unknown) => {
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
export async function fetchSignedChapterText(truyenId: string, index: number, route?: ChapterTextRoute): Promise<ChapterText | { failed: number }> {
  const answer = await sendWithServerTime(
    (time) => signChapterRequest({ truyenId, index, time }, publicEnv.chapterSignKey),
    (sign) => sendSigned(sign, route),
  );
  return answer.ok ? answer.value : { failed: answer.status };
}
