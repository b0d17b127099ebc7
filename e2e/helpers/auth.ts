import { expect, type Page } from '@playwright/test';
import { E2E } from '../../scripts/e2e-server';

/** The e2e server's Auth emulator (scripts/e2e-server.ts): accounts, email codes. */
const emulator = `http://127.0.0.1:${E2E.authPort}`;

export interface Account {
  email: string;
  password: string;
}

export function newAccount(prefix: string): Account {
  return { email: `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`, password: 'mat-khau-123' };
}

/** Creates an account directly in the emulator (for journeys that start signed up). */
export async function createAccount(prefix: string): Promise<Account> {
  const account = newAccount(prefix);
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
  return account;
}

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** The newest email code the emulator "sent" to an address, of a kind (VERIFY_EMAIL, PASSWORD_RESET). */
export async function latestEmailCode(email: string, requestType: string): Promise<OobCode | undefined> {
  const response = await fetch(`${emulator}/emulator/v1/projects/${E2E.projectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === requestType).at(-1);
}

/** Confirms an email address by opening the verification link, as the reader would from the email. */
export async function confirmEmail(email: string): Promise<void> {
  let code: OobCode | undefined;
  await expect.poll(async () => (code = await latestEmailCode(email, 'VERIFY_EMAIL')), { timeout: 10_000 }).toBeTruthy();
  const response = await fetch(code!.oobLink);
  expect(response.ok).toBe(true);
}

/** The sign-in dialog, opened from /user's invitation. */
export async function openDialogFromUserPage(page: Page, tab: 'Đăng nhập' | 'Đăng ký' = 'Đăng nhập') {
  await page.goto('/user?tab=account');
  await page.getByRole('main').getByRole('button', { name: tab, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function signInThroughDialog(page: Page, account: Account): Promise<void> {
  const dialog = await openDialogFromUserPage(page);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).last().click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
}

export const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('tokenApi'));
