import { publicEnv } from '../publicEnv';
import type { ChapterText } from '../types';
import { quietly } from './policy';

/** POST /book/text with a signed request; a non-OK status throws, and the policy logs it. */
export function fetchChapterText(sign: string): Promise<ChapterText | undefined> {
  return quietly('fetchChapterText', async () => {
    const response = await fetch(`${publicEnv.apiUrl}/book/text`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sign }),
    });
    if (!response.ok) throw new Error('Network response was not ok');
    return (await response.json()) as ChapterText;
  });
}
