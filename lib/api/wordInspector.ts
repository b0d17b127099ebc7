import { sendWithServerTime, type SignedAnswer } from '../chapterClock';
import { signChapterRequest } from '../chapterSign';
import type { ChapterDetail, ParagraphDetail, WordLookup } from '../embedding/chapterDetail';
import { publicEnv } from '../publicEnv';
import { readToken } from '../storage';

/**
 * The word inspector's calls (loaded with it): a chapter's words and original, paragraphs
 * converted again after a fix, look-ups of a word, and the signed-in reader's own list.
 */

export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

const OFFLINE = 'Không kết nối được máy chủ, vui lòng thử lại.';

interface Answer<T> {
  status: number;
  body: (T & { message?: unknown; serverTime?: number; stale?: boolean }) | null;
}

async function send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Answer<T> | null> {
  const token = readToken();
  try {
    const response = await fetch(`${publicEnv.apiUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Answer<T>['body'] };
  } catch {
    return null;
  }
}

function outcome<T>(answer: Answer<{ message: T }> | null): Outcome<T> {
  if (!answer) return { ok: false, status: 0, message: OFFLINE };
  const message = answer.body?.message;
  if (answer.status === 200 && message !== undefined) return { ok: true, data: message as T };
  return { ok: false, status: answer.status, message: typeof message === 'string' ? message : 'Máy chủ gặp sự cố, vui lòng thử lại sau.' };
}

/** A request about a chapter, signed with the server's time as the chapter text is (lib/chapterClock.ts). */
async function sendSigned<T>(path: string, storyId: string, index: number, body: Record<string, unknown>): Promise<Outcome<T>> {
  let last: Answer<{ message: T }> | null = null;
  const answer = await sendWithServerTime(
    (time) => signChapterRequest({ truyenId: storyId, index, time }, publicEnv.chapterSignKey),
    async (sign): Promise<SignedAnswer<T>> => {
      last = await send<{ message: T }>('POST', path, { sign, ...body });
      const serverTime = last?.body?.serverTime;
      if (last?.status === 200 && last.body) return { ok: true, value: last.body.message, serverTime };
      return { ok: false, status: last?.status ?? 0, serverTime, stale: last?.body?.stale === true };
    },
  );
  return answer.ok ? { ok: true, data: answer.value } : outcome(last);
}

/** POST /embedding/chapter-detail {sign, names?} */
export function fetchChapterDetail(storyId: string, index: number, names?: Record<string, string>): Promise<Outcome<ChapterDetail>> {
  return sendSigned('/embedding/chapter-detail', storyId, index, names ? { names } : {});
}

/** POST /embedding/reconvert {sign, lines, names}: those paragraphs with the reader's list as it is now. */
export function reconvert(storyId: string, index: number, lines: number[], names: Record<string, string>): Promise<Outcome<{ paragraphs: ParagraphDetail[] }>> {
  return sendSigned('/embedding/reconvert', storyId, index, { lines, names });
}

/** POST /embedding/lookup {storyId, keys} */
export async function lookUp(storyId: string, keys: string[]): Promise<Outcome<{ entries: WordLookup[] }>> {
  return outcome(await send('POST', '/embedding/lookup', { storyId, keys }));
}

/** PUT /embedding/names {storyId, names} (signed in): the account's own list for the story, whole. */
export async function saveAccountNames(storyId: string, names: Record<string, string>): Promise<Outcome<unknown>> {
  return outcome(await send('PUT', '/embedding/names', { storyId, names }));
}
