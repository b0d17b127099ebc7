import { expect, test } from '@playwright/test';
import { confirmEmail, createAccount, newAccount, openDialogFromUserPage, signInThroughDialog, storedToken } from './helpers/auth';
import { skipWelcome } from './helpers/welcome';

test.beforeEach(async ({ context }) => {
  await skipWelcome(context);
});

test.describe('accounts', () => {
  test('register, confirm the email from its code, sign out, sign in again', async ({ page, isMobile }) => {
    const account = newAccount('dangky');
    const dialog = await openDialogFromUserPage(page, 'Đăng ký');
    await expect(dialog.getByRole('tab', { name: 'Đăng ký' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
    await dialog.getByLabel('Nhập lại mật khẩu').fill(account.password);
    await dialog.getByRole('button', { name: 'Đăng ký', exact: true }).last().click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('Gửi email thành công, hãy đăng nhập lại sau khi xác minh tài khoản.')).toBeVisible();
    await expect(page.getByText('Email chưa được xác minh')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('userId'), JSON.parse(localStorage.getItem('vipInfo') ?? '{}').email])).toEqual([expect.any(String), account.email]);

    await confirmEmail(account.email);

    if (!isMobile) {
      await page.getByRole('button', { name: /^Tài khoản / }).click();
      const menu = page.getByRole('menu');
      for (const item of ['Hồ sơ', 'Tủ truyện', 'Cài đặt', 'Đăng xuất']) await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
      await menu.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    } else {
      await page.getByRole('main').getByRole('button', { name: 'Đăng xuất' }).click();
    }
    await expect(page.getByText('Vui lòng đăng nhập để xem hồ sơ')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('tokenApi'), localStorage.getItem('vipInfo'), localStorage.getItem('userId')])).toEqual([null, null, null]);

    await signInThroughDialog(page, account);
    await expect(page.getByText('Đã xác minh')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
  });

  test('the dialog validates as the spec says, and closes with Escape', async ({ page }) => {
    const account = await createAccount('kiemtra');
    let dialog = await openDialogFromUserPage(page);
    const submit = dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).last();
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Email').fill('khong-phai-email');
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill('abc');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill('');
    await dialog.getByLabel('Mật khẩu', { exact: true }).blur();
    await expect(dialog.getByText('Vui lòng nhập mật khẩu.')).toBeVisible();

    await dialog.getByRole('tab', { name: 'Đăng ký' }).click();
    await dialog.getByLabel('Email').fill('moi@example.com');
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill('mat-khau-1');
    await dialog.getByLabel('Nhập lại mật khẩu').fill('mat-khau-2');
    await dialog.getByLabel('Nhập lại mật khẩu').blur();
    await expect(dialog.getByText('Mật khẩu nhập lại chưa đúng')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Đăng ký', exact: true }).last()).toBeDisabled();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    dialog = await openDialogFromUserPage(page);
    await dialog.getByRole('button', { name: 'Quên mật khẩu?' }).click();
    await dialog.getByLabel('Email').fill('a');
    await dialog.getByRole('button', { name: 'Gửi email lấy lại mật khẩu' }).click();
    await expect(dialog.getByTestId('forgot-result')).toHaveText('Hãy nhập email của bạn để lấy lại mật khẩu');
    await expect(dialog.getByTestId('forgot-result')).toHaveAttribute('data-tone', 'error');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Gửi email lấy lại mật khẩu' }).click();
    await expect(dialog.getByTestId('forgot-result')).toHaveText('Đã gửi email lấy lại mật khẩu.');
    await expect(dialog.getByTestId('forgot-result')).toHaveAttribute('data-tone', 'success');
  });

  test('a wrong password is refused with a Vietnamese message', async ({ page }) => {
    const account = await createAccount('saimatkhau');
    const dialog = await openDialogFromUserPage(page);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill('khong-dung-123');
    await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).last().click();
    await expect(dialog.getByTestId('auth-error')).toHaveText(/(Email hoặc mật khẩu|Mật khẩu) không đúng\./);
    expect(await storedToken(page)).toBeNull();
  });

  test('delete the account', async ({ page }) => {
    const account = await createAccount('xoa');
    await signInThroughDialog(page, account);
    await page.getByRole('main').getByRole('button', { name: 'Xóa tài khoản' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Không thể hoàn tác');
    await confirm.getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
    await expect(page.getByText('Đã xóa tài khoản')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken(page)).toBeNull();

    const dialog = await openDialogFromUserPage(page);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).last().click();
    await expect(dialog.getByTestId('auth-error')).toBeVisible();
  });
});
