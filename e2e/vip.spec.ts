import { expect, test, type Page } from '@playwright/test';
import { createAccount, type Account } from './helpers/auth';
import { skipWelcome } from './helpers/welcome';

test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
});

/** Ad containers of the layout (components/layout/Ads.tsx) and of the ad network. */
const AD_SLOTS = '[data-testid="ad-inline"], [data-testid="ad-fixed"], ins.adsbygoogle';
/** The header's (and the drawer's) VIP link, wherever the layout puts it outside the page content. */
const VIP_LINKS = 'a[href="/vip"]:not(main a)';

/** "Mua" on a plan of /vip, signing in through the dialog it opens; ends on the sandbox gateway. */
async function buyPlanSignedOut(page: Page, account: Account, plan = '1 tháng'): Promise<void> {
  await page.goto('/vip');
  await expect(page.getByRole('heading', { level: 1, name: /VIP/ })).toBeVisible();
  await expect(page.getByTestId('vip-plan')).toHaveCount(3);
  await expect(page.getByTestId('vip-plan').first()).toContainText('49.000 ₫');
  await page.getByRole('button', { name: `Mua gói ${plan}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).last().click();
  await page.waitForURL(/\/vip\/sandbox-pay\?/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Cổng thanh toán thử nghiệm' })).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('49.000 ₫');
}

/** The first chapter of /vip's "Truyện có chương VIP" list: a VIP chapter. */
async function firstVipChapterPath(page: Page): Promise<string> {
  await page.goto('/vip');
  const link = page.getByTestId('vip-story').first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/[^/]+\/chuong-\d+$/);
  return href!;
}

test.describe('VIP', () => {
  test('buy a plan through the sandbox and come back as a member: no VIP link, no ads, VIP chapters readable and listenable', async ({ page }) => {
    test.setTimeout(180_000);
    const account = await createAccount('vip-mua');
    await page.goto('/');
    await expect(page.locator(VIP_LINKS).first()).toBeAttached();
    // Ads render only where an ad client is configured; note whether this build shows them to visitors.
    test.info().annotations.push({ type: 'ad slots for a visitor', description: String(await page.locator(AD_SLOTS).count()) });

    await buyPlanSignedOut(page, account);
    await page.getByRole('button', { name: 'Thanh toán' }).click();
    await page.waitForURL(/\/vip\/ket-qua\?/);
    await expect(page.getByRole('heading', { name: 'Thanh toán thành công' })).toBeVisible();
    await expect(page.getByTestId('payment-message')).toHaveText('Thanh toán thành công. Gói VIP của bạn đã được kích hoạt.');
    await expect(page.getByTestId('vip-new-expiry')).toContainText(/đến \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}/);

    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator(VIP_LINKS)).toHaveCount(0);
    await expect(page.locator(AD_SLOTS)).toHaveCount(0);

    const chapterPath = await firstVipChapterPath(page);
    await expect(page.getByTestId('vip-status')).toContainText('Bạn là thành viên VIP đến');
    const chapterIndex = Number(chapterPath.split('-').at(-1));
    await page.goto(chapterPath);
    await expect(page.getByTestId('chapter-text')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('chapter-text').locator('p').first()).not.toBeEmpty();
    await expect(page.getByTestId('vip-upsell')).toHaveCount(0);
    await expect(page.locator(AD_SLOTS)).toHaveCount(0);

    // Headless Chromium has no Vietnamese voice: the player plays the server's audio, part by part,
    // which for a VIP chapter is fetched with the member's token.
    const audio = page.waitForResponse((response) => new RegExp(`/api/audio/\\d+/${chapterIndex}/\\d+$`).test(response.url()), { timeout: 90_000 });
    await page.getByRole('button', { name: 'Nghe', exact: true }).click();
    const response = await audio;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/mpeg');
    await expect(page.getByTestId('player-status')).toHaveAttribute('data-status', 'playing', { timeout: 60_000 });
  });

  test('cancel a payment and stay a non-member', async ({ page }) => {
    const account = await createAccount('vip-huy');
    await buyPlanSignedOut(page, account);
    await page.getByRole('button', { name: 'Hủy' }).click();
    await page.waitForURL(/\/vip\/ket-qua\?/);
    await expect(page.getByRole('heading', { name: 'Giao dịch chưa hoàn tất' })).toBeVisible();
    await expect(page.getByTestId('payment-message')).toHaveText('Bạn đã hủy giao dịch. Gói VIP chưa được kích hoạt.');

    const chapterPath = await firstVipChapterPath(page);
    await expect(page.getByTestId('vip-status')).toHaveText('Bạn chưa là thành viên VIP. Chọn một gói bên dưới để bắt đầu.');
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator(VIP_LINKS).first()).toBeAttached();
    await page.goto(chapterPath);
    await expect(page.getByTestId('vip-upsell')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('chapter-text')).toHaveCount(0);
  });

  test('/vip shows the plans and the member benefits, and no ads', async ({ page }) => {
    await page.goto('/vip');
    await expect(page.getByTestId('vip-plan').first()).toBeVisible();
    await expect(page.locator(AD_SLOTS)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Quyền lợi thành viên VIP' })).toBeVisible();
    for (const benefit of ['Không quảng cáo', 'Đọc và nghe trước chương VIP', 'Chương VIP của truyện nhúng']) {
      await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
    }
  });
});
