import { expect, test } from '@playwright/test';
import { skipWelcome } from './helpers/welcome';

test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
});

test('the home page shows seeded stories', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Truyện Audio/);
  const hot = page.getByRole('region', { name: 'Truyện hot' });
  await expect(hot.getByTestId('story-card').first()).toBeVisible();
  expect(await hot.getByTestId('story-card').count()).toBeGreaterThanOrEqual(6);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
});
