import { z } from 'zod';
import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { apiRoute } from '@/server/http/handler';
import { readChapter } from '@/server/services/chapters';
import { limitedAudioRender, limitedLiveFetch } from '@/server/services/costlyWork';
import '@/server/services/embedding/register';
import { isMember } from '@/server/services/membership';
import { findCachedChapterAudio, getOrRenderChapterAudio } from '@/server/tts/cache';
import { sendFileWithRange } from '@/server/tts/range';

const ZAudioParams = z.object({
  storyId: z.string().regex(/^\d{1,10}$/).transform(Number),
  index: z.string().regex(/^\d{1,7}$/).transform(Number),
});

export const config = { api: { responseLimit: false } };

/**
 * GET /api/audio/{storyId}/{index}: the chapter read by the server's TTS engine, as MP3, rendered
 * once and cached; byte ranges honoured so the audio element can seek. VIP chapters for members.
 * Renders and live fetches count against the reader's share (429) and the server's cap (503).
 */
export default apiRoute({
  GET: async (req, res) => {
    const { storyId, index } = ZAudioParams.parse(req.query);
    const user = await optionalUser(req, { revocation: 'cached' });
    const member = await isMember(db(), user?.uid);
    const liveFetch = limitedLiveFetch(db(), req, user?.uid);
    const chapter = await readChapter(db(), { storyId, index }, member, { countsView: false, liveFetch });
    const paragraphs = [chapter.title, ...chapter.message.split('\n')].map((line) => line.trim()).filter(Boolean);
    const key = `story-${storyId}-chapter-${index}`;
    const audio =
      (await findCachedChapterAudio(key, paragraphs)) ??
      (await limitedAudioRender(db(), req, user?.uid, () => getOrRenderChapterAudio(key, paragraphs)));
    // A member's answer may be a VIP chapter: never kept by shared caches.
    const cacheControl = member ? 'private, max-age=86400' : 'public, max-age=86400';
    await sendFileWithRange(req, res, audio.path, 'audio/mpeg', { cacheControl });
    return undefined;
  },
});
