import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { HARBOR } from '../__tests__/fixtures/sources/books';
import { finishSpeech, installFakeSpeech, spokenLog } from './helpers/fakeSpeech';
import { openFirstChapter } from './helpers/stories';
import { skipWelcome } from './helpers/welcome';
import { serveFixtureSites } from './helpers/fixtureSites';

/**
 * The word inspector and the reading views on an embedded chapter, as an anonymous reader uses
 * them on desktop and phone (light and dark, axe clean): 雾港, the story's harbour town, is read
 * in two pieces ("Sương mù cảng"); the reader taps "cảng", joins it with the word before, marks
 * it as a name, sees every occurrence change, opens the next chapter with the fix, hears it from
 * the player, and reads Song ngữ with the Chinese under each paragraph. The inspector is
 * photographed under .data/inspector-screens/.
 */

/** Git-ignored, and out of test-results/, which every Playwright run empties. */
const SCREENS = '.data/inspector-screens';
const LINK = `https://www.uukanshu.net/b/${HARBOR.bookId}/`;
const SPLIT = /sương mù cảng/i;

serveFixtureSites();

test.beforeEach(async ({ page }) => {
  await skipWelcome(page);
});

/** Embeds the fixture story (or finds it embedded by the other project) and gives its slug. */
async function embedHarbour(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/embedding/embed', { data: { link: LINK }, timeout: 120_000 });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { message: { slug: string } }).message.slug;
}

/** Taps (phone) or clicks (desktop) the first occurrence of `text` in `paragraph`, where it is on screen. */
async function tapText(page: Page, paragraph: Locator, text: string, info: TestInfo): Promise<void> {
  await paragraph.scrollIntoViewIfNeeded();
  const box = await paragraph.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const rect = range.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    }
    return null;
  }, text);
  expect(box, `“${text}” is on screen`).not.toBeNull();
  if (info.project.name === 'mobile') await page.touchscreen.tap(box!.x, box!.y);
  else await page.mouse.click(box!.x, box!.y);
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.locator('html').evaluate((element, next) => element.classList.replace(next === 'dark' ? 'light' : 'dark', next), theme);
}

/** No serious or critical WCAG 2 A/AA problem, light and dark; the inspector photographed in both. */
async function checkAndShoot(page: Page, name: string, info: TestInfo): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    // The text's colours ease into the theme.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENS}/${name}-${info.project.name}-${theme}.png` });
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${theme} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await setTheme(page, 'light');
}

const paragraphsOf = (page: Page) => page.getByTestId('chapter-text').locator('p');

test('a name read as syllables is joined, marked as a name, fixed everywhere and heard so', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  await installFakeSpeech(page);
  const slug = await embedHarbour(request);

  await page.goto(`/${slug}/chuong-1`);
  const text = page.getByTestId('chapter-text');
  await expect(paragraphsOf(page).first()).not.toBeEmpty();
  const before = await paragraphsOf(page).allTextContents();
  const splitAt = before.map((paragraph, index) => (SPLIT.test(paragraph) ? index : -1)).filter((index) => index >= 0);
  expect(splitAt.length).toBeGreaterThanOrEqual(2);
  // Nothing of the inspector is loaded before the reader asks for it.
  await expect(page.getByRole('group', { name: 'Chế độ hiển thị' })).toBeVisible();
  await expect(text).not.toHaveAttribute('data-words');

  // A tap on "cảng" opens the inspector at that word once its words are here.
  await tapText(page, paragraphsOf(page).nth(splitAt[0]), 'cảng', info);
  const inspector = page.getByRole('dialog');
  await expect(inspector).toBeVisible();
  await expect(inspector.getByTestId('inspector-chinese')).toHaveText('港');
  await expect(inspector.getByTestId('inspector-reading')).toHaveText('cảng');
  await expect(inspector).toContainText('âm Hán Việt');

  await inspector.getByRole('button', { name: 'Nối với từ trước: 雾港' }).click();
  await expect(inspector.getByTestId('inspector-chinese')).toHaveText('雾港');
  await expect(inspector.getByTestId('inspector-reading')).toHaveText(/^sương mù cảng$/i);
  await expect(inspector.getByTestId('inspector-hanviet')).toHaveText('vụ cảng');
  await expect(inspector.getByTestId('inspector-meanings')).not.toContainText('Đang tra');
  // The panel stays on screen, against the word.
  const panel = await inspector.boundingBox();
  const viewport = page.viewportSize()!;
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(viewport.width);
  await checkAndShoot(page, 'inspector-joined', info);

  await inspector.getByRole('button', { name: 'Đánh dấu là tên' }).click();
  const nameField = inspector.getByLabel('Tên tiếng Việt');
  await expect(nameField).toHaveValue('Vụ Cảng');
  await checkAndShoot(page, 'inspector-name', info);
  await inspector.getByRole('button', { name: 'Lưu tên' }).click();
  await expect(inspector.getByTestId('inspector-status')).toHaveText(`Đã đánh dấu “雾港” là tên “Vụ Cảng”. Đã cập nhật ${splitAt.length} đoạn của chương này.`);
  await expect(inspector.getByTestId('inspector-reading')).toHaveText('Vụ Cảng');

  // Every paragraph that read it in pieces now reads the name, and only those changed.
  const after = await paragraphsOf(page).allTextContents();
  expect(after).toHaveLength(before.length);
  for (const [index, paragraph] of after.entries()) {
    if (splitAt.includes(index)) {
      expect(paragraph).toContain('Vụ Cảng');
      expect(paragraph).not.toMatch(SPLIT);
    } else expect(paragraph).toBe(before[index]);
  }

  // Escape closes the inspector and gives focus back to the word.
  await page.keyboard.press('Escape');
  await expect(inspector).toBeHidden();
  await expect(page.locator(':focus')).toHaveText('Vụ Cảng');

  // The next chapter comes converted with the fix.
  await page.goto(`/${slug}/chuong-2`);
  await expect(paragraphsOf(page).first()).not.toBeEmpty();
  const next = (await paragraphsOf(page).allTextContents()).join('\n');
  expect(next).toContain('Vụ Cảng');
  expect(next).not.toMatch(SPLIT);

  // Song ngữ: each Vietnamese paragraph with its Chinese below it.
  await page.getByRole('button', { name: 'Song ngữ' }).click();
  await expect(page.getByRole('button', { name: 'Song ngữ' })).toHaveAttribute('aria-pressed', 'true');
  const pairs = page.getByTestId('chapter-text').locator('[data-paragraph]');
  const originals = page.getByTestId('paragraph-original');
  await expect(originals.first()).toBeVisible();
  const count = await pairs.count();
  expect(count).toBeGreaterThanOrEqual(5);
  await expect(originals).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    await expect(pairs.nth(index).locator('p').first()).not.toContainText(/\p{Script=Han}/u);
    await expect(pairs.nth(index).getByTestId('paragraph-original')).toContainText(/\p{Script=Han}/u);
  }
  await expect(originals.last()).toContainText('雾港');
  await expect(pairs.last().locator('p').first()).toContainText('Vụ Cảng');
  await checkAndShoot(page, 'song-ngu', info);

  // The player reads the Vietnamese, with the fix, whatever the view.
  await page.getByRole('button', { name: 'Nghe', exact: true }).click();
  await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing');
  await expect
    .poll(
      async () => {
        const spoken = (await spokenLog(page)).map((utterance) => utterance.text).join('\n');
        if (!spoken.includes('Vụ Cảng')) await finishSpeech(page);
        return spoken;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toContain('Vụ Cảng');
  const spoken = await spokenLog(page);
  expect(spoken.map((utterance) => utterance.text).join('\n')).not.toMatch(SPLIT);
  for (const utterance of spoken) expect(utterance.text).not.toMatch(/\p{Script=Han}/u);

  // The view is the reader's: it stays on the next visit, and Hán Việt reads one syllable per character.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Song ngữ' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Hán Việt' }).click();
  await expect(paragraphsOf(page).last()).toContainText(/vụ cảng cựu sự/i);
  await expect(paragraphsOf(page).first()).not.toContainText(/\p{Script=Han}/u);
  await checkAndShoot(page, 'han-viet', info);
  await page.getByRole('button', { name: 'Trung' }).click();
  await expect(paragraphsOf(page).last()).toContainText('这已经是雾港旧事里的第2个日夜');
  await expect(paragraphsOf(page).last()).toHaveAttribute('lang', 'zh');
  await page.getByRole('button', { name: 'Việt', exact: true }).click();
  await expect(paragraphsOf(page).last()).toContainText('Vụ Cảng');
});

test('the keyboard reaches every word, Enter opens the inspector and Escape gives focus back', async ({ page, request }, info) => {
  test.skip(info.project.name === 'mobile', 'a keyboard journey');
  const slug = await embedHarbour(request);
  await page.goto(`/${slug}/chuong-3`);
  await expect(paragraphsOf(page).first()).not.toBeEmpty();
  await page.getByRole('button', { name: 'Tra từ' }).click();
  const first = page.locator('[data-w]').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const second = page.locator('[data-w]').nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press('Enter');
  const inspector = page.getByRole('dialog');
  await expect(inspector).toBeVisible();
  await expect(inspector).toBeFocused();
  await expect(inspector.getByTestId('inspector-reading')).toHaveText((await second.textContent()) ?? '');
  await page.keyboard.press('Escape');
  await expect(inspector).toBeHidden();
  await expect(second).toBeFocused();
});

test('a story written in Vietnamese shows no views and no inspector', async ({ page }) => {
  await openFirstChapter(page);
  await expect(paragraphsOf(page).first()).not.toBeEmpty();
  await expect(page.getByTestId('chapter-views')).toHaveCount(0);
  await paragraphsOf(page).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
