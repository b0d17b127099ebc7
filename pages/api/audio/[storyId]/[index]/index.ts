import { db } from '@/server/db/client';
import { apiRoute } from '@/server/api/handler';
import { limitedAudioRender } from '@/server/services/costlyWork';
import { chapterAudio, findChapterAudio } from '@/server/tts/chapterAudio';
import { loadAudioChapter } from '@/server/tts/chapterRequest';
import { sendFileWithRange } from '@/server/tts/range';

export const config = { api: { responseLimit: false } };

/**
 * GET /api/audio/{storyId}/{index}[?voice=]: the whole chapter read by the server's voice, as one
 * MP3 built from its parts (for offline listening); byte ranges honoured. VIP chapters for members.
 * Building it counts against the reader's share of chapter renders (429) and the process's cap (503).
 */
export default apiRoute({
  GET: async (req, res) => {
    const request = await loadAudioChapter(req);
    const audio =
      (await findChapterAudio(request.chapter, request.voice)) ??
      (await limitedAudioRender(db(), req, request.userId, (reader) => chapterAudio(request.chapter, { voice: request.voice, reader, priority: 'now' })));
    await sendFileWithRange(req, res, audio.path, 'audio/mpeg', { cacheControl: request.cacheControl });
    return undefined;
  },
}, { admission: false });
