import { sendWithServerTime } from '../chapterClock';
import { signChapterRequest } from '../chapterSign';
import { publicEnv } from '../publicEnv';
import { readToken } from '../storage';

export type SourceSwitchOutcome = { ok: true; name: string | null } | { ok: false; message: string };

const NETWORK = 'Không kết nối được máy chủ, vui lòng thử lại.';

/**
 * POST /embedding/switch-source {sign}: "Đổi nguồn" — the server reads the chapter from another
 * of the story's sources and keeps it; the chapter is then asked for as usual.
 */
export async function switchChapterSource(truyenId: string, index: number): Promise<SourceSwitchOutcome> {
  let message = NETWORK;
  const token = readToken();
  const answer = await sendWithServerTime<{ name: string | null }>(
    (time) => signChapterRequest({ truyenId, index, time }, publicEnv.chapterSignKey),
    async (sign) => {
      try {
        const response = await fetch(`${publicEnv.apiUrl}/embedding/switch-source`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ sign }),
        });
        const body = (await response.json().catch(() => null)) as { message?: unknown; serverTime?: unknown; stale?: unknown } | null;
        const serverTime = typeof body?.serverTime === 'number' ? body.serverTime : undefined;
        if (response.ok) return { ok: true, value: (body?.message ?? { name: null }) as { name: string | null }, serverTime };
        if (typeof body?.message === 'string') message = body.message;
        return { ok: false, status: response.status, serverTime, stale: body?.stale === true };
      } catch {
        message = NETWORK;
        return { ok: false, status: 0 };
      }
    },
  );
  return answer.ok ? { ok: true, name: answer.value.name } : { ok: false, message };
}
