import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** postgres://…/<prefix>_{service}: replace {service} with a service's name. */
    databaseUrlPattern: string;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the background traffic this closed network refuses turned off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** A fresh page that fails the test on any uncaught page error or CSP violation. */
export async function newPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
      problems.push(`csp: ${message.text()}`);
  });
  return { page, problems };
}

/**
 * Waits until the app has taken over a server-rendered page (it marks <html data-app="interactive">).
 * Before that the page's buttons are the server's markup: a click on them does nothing yet.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'interactive');
}
