import { z } from 'zod';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { countEvent } from '@/server/services/admin/counters';
import { limitedAudioPart } from '@/server/services/costlyWork';
import { findPartAudio, partAudio } from '@/server/tts/chapterAudio';
import { loadAudioChapter } from '@/server/tts/chapterRequest';
import { sendFileWithRange } from '@/server/tts/range';

const ZPart = z.object({ part: z.string().regex(/^\d{1,4}$/).transform(Number) });

/** A listen is counted once per chapter: its first part from the start, not a prefetch or a later range. */
function startsListening(part: number, prefetch: boolean, range: string | undefined): boolean {
  return part === 0 && !prefetch && (!range || /^bytes=0-/.test(range));
}

/** Headers a client on another origin may read (the API host can be configured elsewhere). */
const EXPOSED = 'X-Audio-Paragraphs, X-Audio-Durations, Content-Range, Content-Length';

/**
 * GET /api/audio/{storyId}/{index}/{part}[?voice=&pauses=&prefetch=1]: one part of the chapter read by
 * the server's voice, as MP3 (byte ranges honoured). `X-Audio-Paragraphs: from-to` names the
 * paragraphs it reads and `X-Audio-Durations` the seconds of each, so the player highlights what
 * is heard. A render counts against the reader's share (429) and waits its turn in the synthesis
 * queue (503 with Retry-After when full); `prefetch=1` marks a part asked for ahead of time.
 * `pauses=S-P` adds S ms of silence after each sentence and P ms after each paragraph (0–2000);
 * the `X-Speech-Replacements` header carries the listener's replacements that apply to the part
 * (lib/player/replacements.ts), said in place of the text they match; a malformed one is a 400.
 */
export default apiRoute({
  GET: async (req, res) => {
    const { part } = ZPart.parse(req.query);
    const request = await loadAudioChapter(req);
    const choice = { voice: request.voice, priority: request.prefetch ? ('prefetch' as const) : ('now' as const) };
    const audio =
      (await findPartAudio(request.chapter, part, request.voice)) ??
      (await limitedAudioPart(db(), req, request.userId, (reader) => partAudio(request.chapter, part, { ...choice, reader })));
    if (startsListening(part, request.prefetch, req.headers.range)) countEvent(db(), 'listens');
    const { meta } = audio;
    res.setHeader('X-Audio-Paragraphs', `${meta.from}-${meta.to}`);
    res.setHeader('X-Audio-Durations', meta.paragraphSeconds.map((seconds) => seconds.toFixed(3)).join(','));
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    // The listener's replacements change the audio: shared caches keep one copy per list.
    res.setHeader('Vary', 'X-Speech-Replacements');
    await sendFileWithRange(req, res, audio.path, 'audio/mpeg', { cacheControl: request.cacheControl, etag: audio.path });
    return undefined;
  },
}, { admission: false });
