import type { BrowserContext, Page } from '@playwright/test';

/** A returning visitor: the first-visit welcome dialog stays closed (its own journey tests it). */
export async function skipWelcome(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => window.localStorage.setItem('isFirstVisit', 'true'));
}
