import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';

/** The bearer token the app keeps in local storage (spec section 9: key "token"). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** GET /api/v1/auth/me through the gateway with a given token: 200 while it works, 401 once revoked. */
export async function statusOfToken(token: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/v1/auth/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

/** Creates an account straight through the API, for journeys that start from an existing one. */
export async function registerThroughApi(account: { name: string; email: string; password: string }) {
  const response = await fetch(`${baseUrl()}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, role: 'user' }),
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
}

/** Saves a screenshot when E2E_SCREENSHOTS names a folder (for looking at the screens by eye). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}
