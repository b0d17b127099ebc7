import type { NextApiRequest } from 'next';
import { z } from 'zod';
import { speechHeading } from '@/lib/player/parts';
import { decodePauses } from '@/lib/player/pauses';
import { decodeReplacements, REPLACEMENTS_HEADER } from '@/lib/player/replacements';
import { isServerVoice } from '@/lib/player/serverVoices';
import { badRequest } from '@/server/http/errors';
import { optionalUser } from '@/server/auth/requireUser';
import { db } from '@/server/db/client';
import { readChapter } from '@/server/services/chapters';
import { limitedEmbeddedLoader } from '@/server/services/costlyWork';
import { isMember } from '@/server/services/membership';
import type { ChapterSpeech } from '@/server/tts/chapterAudio';
import { ttsSettings } from '@/server/env';

export const ZAudioChapterParams = z.object({
  storyId: z.string().regex(/^\d{1,10}$/).transform(Number),
  index: z.string().regex(/^\d{1,7}$/).transform(Number),
  voice: z
    .string()
    .optional()
    .refine((voice) => voice === undefined || isServerVoice(voice), 'Giọng đọc không hợp lệ.'),
  prefetch: z.enum(['0', '1']).optional(),
  /** Milliseconds of rest after each sentence and each paragraph: `500-1000`, each 0–2000. */
  pauses: z
    .string()
    .optional()
    .refine((value) => value === undefined || decodePauses(value) !== null, 'Khoảng nghỉ không hợp lệ.'),
});

/** The listener's replacements for what a part says (`X-Speech-Replacements`), checked as a saved list is. */
function replacementsOf(req: NextApiRequest) {
  const header = req.headers[REPLACEMENTS_HEADER.toLowerCase()];
  if (header === undefined) return null;
  const decoded = typeof header === 'string' ? decodeReplacements(header) : null;
  if (!decoded) throw badRequest('Danh sách thay thế khi đọc không hợp lệ.');
  return decoded.entries.length > 0 || decoded.pause ? decoded : null;
}

export interface AudioChapterRequest {
  chapter: ChapterSpeech;
  userId: string | undefined;
  member: boolean;
  voice: string;
  prefetch: boolean;
  /** Cache-Control of the audio: a member's answer may be a VIP chapter, never kept by shared caches. */
  cacheControl: string;
}

/**
 * The chapter an audio request is about, read as the reader may read it: VIP chapters need VIP,
 * an embedded chapter nobody opened yet is fetched within the reader's share.
 */
export async function loadAudioChapter(req: NextApiRequest): Promise<AudioChapterRequest> {
  const { storyId, index, voice, prefetch, pauses } = ZAudioChapterParams.parse(req.query);
  const replacements = replacementsOf(req);
  const user = await optionalUser(req, { revocation: 'cached' });
  const member = await isMember(db(), user?.uid);
  const loadEmbedded = limitedEmbeddedLoader(db(), req, user?.uid);
  const text = await readChapter(db(), { storyId, index }, member, { countsView: false, loadEmbedded });
  const paragraphs = text.message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    chapter: { storyId, index, title: speechHeading(index, text.title), paragraphs, replacements, pauses: decodePauses(pauses) ?? undefined },
    userId: user?.uid,
    member,
    voice: voice ?? ttsSettings().TTS_VOICE,
    prefetch: prefetch === '1',
    cacheControl: member ? 'private, max-age=3600' : 'public, max-age=3600',
  };
}
