import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('app shell through the gateway', () => {
  it('renders the home page with its security headers and no CSP violations', async () => {
    const { page, problems } = await newPage(browser);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect.poll(() => page.locator('h1').first().textContent()).toBeTruthy();
    await expect.poll(() => page.locator('#about').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('sends an unknown path to the home page', async () => {
    const { page } = await newPage(browser);
    await page.goto('/this/page/does-not-exist');
    await page.waitForURL(`${baseUrl()}/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('sends a signed-out visitor from a guarded page to sign in', async () => {
    const { page } = await newPage(browser);
    for (const guarded of ['/dashboard', '/cart', '/my-appointments']) {
      await page.goto(guarded);
      await page.waitForURL(`${baseUrl()}/login`);
      await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).count()).toBeGreaterThan(0);
    }
  });

  it('answers unknown API paths in the error shape, never with the app', async () => {
    const response = await fetch(`${baseUrl()}/api/v1/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
