import { execFileSync } from 'node:child_process';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E } from '../../scripts/e2e-server';
import { signInThroughDialog, type Account } from './auth';
import { skipWelcome } from './welcome';

/**
 * Makes `email` an operator with the CLI (`npm run admin -- grant`), on the e2e server's database
 * and emulator. The CLI grants only a verified email: the address is verified first.
 */
export function grantOperator(email: string): void {
  const identity = { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E.authPort}`, FIREBASE_PROJECT_ID: E2E.projectId, NEXT_PUBLIC_FIREBASE_PROJECT_ID: E2E.projectId };
  const run = (args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, ...identity, DATABASE_URL: '', EMBEDDED_PG_DATA_DIR: `.data/e2e-${E2E.port}/pg`, EMBEDDED_PG_PORT: '0' },
      stdio: 'pipe',
      timeout: 60_000,
    });
  run(['e2e/helpers/verifyEmail.ts', email]);
  run(['scripts/launch.ts', 'admin', 'grant', email]);
}

/** A browser of its own, signed in as `account` (the account exists in the database afterwards). */
export async function signedInPage(browser: Browser, account: Account, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options);
  await skipWelcome(context);
  const page = await context.newPage();
  await signInThroughDialog(page, account);
  return page;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** Calls the API from the page with its stored token, as the site's own client does. */
export async function callApi<T = { message?: unknown; results?: unknown[] }>(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('tokenApi')}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

/** The story of the first card of the home page. */
export async function firstStoryPath(page: Page): Promise<string> {
  await page.goto('/');
  const href = await page.getByTestId('story-card').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}
