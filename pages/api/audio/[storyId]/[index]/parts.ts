import { apiRoute } from '@/server/api/handler';
import { SERVER_VOICES } from '@/lib/player/serverVoices';
import { chapterParts } from '@/server/tts/chapterAudio';
import { loadAudioChapter } from '@/server/tts/chapterRequest';

/**
 * GET /api/audio/{storyId}/{index}/parts: how the chapter's server audio is cut, so a client can
 * ask for its parts one by one: `{parts: [{part, from, to, title}], paragraphs, voice, voices}`
 * (`from`/`to`: the paragraphs of the chapter text each part reads; part 0 reads the title).
 * VIP chapters for members, as their text.
 */
export default apiRoute({
  GET: async (req, res) => {
    const request = await loadAudioChapter(req);
    res.setHeader('Cache-Control', request.member ? 'private, no-cache' : 'public, max-age=60');
    return {
      parts: chapterParts(request.chapter),
      paragraphs: request.chapter.paragraphs.length,
      voice: request.voice,
      voices: SERVER_VOICES,
    };
  },
}, { admission: false });
