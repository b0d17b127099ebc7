import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openFirstStory } from './helpers/stories';
import { skipWelcome } from './helpers/welcome';

/**
 * "Tải về": a reader chooses EPUB and a chapter range on the story page, watches the progress,
 * gets the file, and it is read back by a second reader (epub.js in the browser): the chapters'
 * titles in order.
 */

const modules = path.join(process.cwd(), 'node_modules');

/** The table of contents and each spine page's chapter heading, as epub.js reads the file. */
async function readWithEpubJs(page: Page, file: Buffer): Promise<{ title: string; toc: string[]; headings: string[] }> {
  const reader = await page.context().newPage();
  await reader.goto('about:blank');
  await reader.addScriptTag({ path: path.join(modules, 'jszip/dist/jszip.min.js') });
  await reader.addScriptTag({ path: path.join(modules, 'epubjs/dist/epub.min.js') });
  const result = await reader.evaluate(async (base64) => {
    type Section = { load: (request: unknown) => Promise<Element> };
    type Book = {
      ready: Promise<unknown>;
      loaded: { navigation: Promise<{ toc: { label: string }[] }>; metadata: Promise<{ title: string }> };
      spine: { spineItems: Section[] };
      load: (path: string) => Promise<unknown>;
    };
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const book = (window as unknown as { ePub: (data: ArrayBuffer) => Book }).ePub(bytes.buffer);
    await book.ready;
    const [navigation, metadata] = await Promise.all([book.loaded.navigation, book.loaded.metadata]);
    const headings: string[] = [];
    for (const section of book.spine.spineItems) {
      const heading = (await section.load(book.load.bind(book))).querySelector('h2');
      if (heading?.textContent) headings.push(heading.textContent);
    }
    return { title: metadata.title, toc: navigation.toc.map((item) => item.label.trim()), headings };
  }, file.toString('base64'));
  await reader.close();
  return result;
}

test('a range of chapters as an EPUB: choose, watch the progress, get the file, read it back', async ({ page }) => {
  await skipWelcome(page);
  await openFirstStory(page);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByRole('button', { name: 'Tải về', exact: true }).click();

  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByRole('radio', { name: /EPUB/ })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByLabel('Từ chương').fill('2');
  await dialog.getByLabel('Đến chương').fill('4');
  await expect(dialog.getByText(/^3 chương, mới nhất là chương \d+/)).toBeVisible();

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Tải xuống' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title} - Chương 2-4.epub`);
  const done = dialog.getByTestId('export-done');
  await expect(done).toContainText(`Đã tải xong: ${title} - Chương 2-4.epub`);
  await expect(done.getByTestId('export-progress')).toHaveAttribute('value', '100');

  const book = await readWithEpubJs(page, await readFile((await file.path())!));
  expect(book.title).toBe(title);
  expect(book.headings).toHaveLength(3);
  book.headings.forEach((heading, i) => expect(heading).toMatch(new RegExp(`^Chương ${i + 2}\\b`)));
  expect(book.toc).toEqual(['Giới thiệu', ...book.headings]);
});
