import { publicEnv } from '../publicEnv';
import { readToken } from '../storage';
import type { SourceSearchEvent } from './embedding';

const FAILED = 'Không tìm được lúc này, vui lòng thử lại sau ít phút.';

/**
 * GET /api/embedding/search as it streams: each NDJSON line is handed to `onEvent` as it
 * arrives. Resolves to null when the stream ended, or to the API's Vietnamese message (bad query,
 * too many searches, a busy server) when it refused; an aborted search resolves quietly.
 */
export async function streamSourceSearch(query: string, onEvent: (event: SourceSearchEvent) => void, signal?: AbortSignal): Promise<string | null> {
  const headers: Record<string, string> = { Accept: 'application/x-ndjson' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${publicEnv.apiUrl}/embedding/search?q=${encodeURIComponent(query)}`, { headers, signal, credentials: 'same-origin' });
  } catch {
    return signal?.aborted ? null : FAILED;
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return typeof body?.message === 'string' ? body.message : FAILED;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffered += decoder.decode(value, { stream: !done });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as SourceSearchEvent);
      if (done) break;
    }
  } catch {
    return signal?.aborted ? null : FAILED;
  }
  return null;
}
