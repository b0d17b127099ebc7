import { expect, type Page } from '@playwright/test';

/** Opens the first story of the home page's hot list and returns its path. */
export async function openFirstStory(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('region', { name: 'Truyện hot' }).getByTestId('story-card').first().click();
  // The home page has its own h1, and the address changes before the story page is drawn: wait for
  // the story's own actions, so the h1 read next is the story's.
  await page.waitForURL((url) => url.pathname !== '/');
  await expect(page.getByTestId('story-actions')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Opens a chapter of a story and waits for its text. */
export async function openChapter(page: Page, storyPath: string, index: number): Promise<void> {
  await page.goto(`${storyPath}/chuong-${index}`);
  await expect(page.getByTestId('chapter-text')).toBeVisible();
}

/** The first chapter of the home page's first hot story; returns the story's path. */
export async function openFirstChapter(page: Page): Promise<string> {
  const storyPath = await openFirstStory(page);
  await openChapter(page, storyPath, 1);
  return storyPath;
}
