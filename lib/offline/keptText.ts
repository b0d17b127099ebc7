import { hasOfflineData } from './presence';

/** The text of a chapter downloaded to this device; null when it is not kept. */
export async function keptChapterText(storyId: string, index: number): Promise<string | null> {
  if (!(await hasOfflineData())) return null;
  try {
    const { keptChapter } = await import('./store');
    return (await keptChapter(storyId, index))?.text ?? null;
  } catch {
    return null;
  }
}
