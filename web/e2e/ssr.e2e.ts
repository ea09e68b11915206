// Pages that arrive as HTML: the public pages come from the gateway already rendered, with
// their head (title, canonical, JSON-LD), and React hydrates that markup in the browser: no hydration
// warning or error in the console, and the server's nodes are kept (not thrown away and re-rendered).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.js';
import { baseUrl, launchBrowser } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Named {
  id: string;
  name: string;
}
const first = async (path: string): Promise<Named> => {
  const body = await api<Named[] | { items: Named[] }>('GET', path);
  const list = Array.isArray(body) ? body : body.items;
  if (!list[0]) throw new Error(`${path} listed nothing`);
  return list[0];
};

describe('server-rendered public pages', () => {
  it('arrive rendered with their head and hydrate without a console warning', async () => {
    const product = await first('/products');
    const service = await first('/admin/services');
    const pages = [
      { path: '/', text: 'Our Services' },
      { path: '/store', text: product.name },
      { path: `/products/${product.id}`, text: product.name },
      { path: `/service/${service.id}`, text: service.name },
      { path: '/appointment', text: service.name },
    ];
    for (const { path, text } of pages) {
      // As a crawler or a link preview sees it: no script run.
      const raw = await (await fetch(`${baseUrl()}${path}`)).text();
      expect(raw, path).toMatch(/<div id="root"><div class="page-shell">/);
      expect(raw, path).toContain(text.replace(/&/g, '&amp;'));
      expect(raw, path).toMatch(/<link rel="canonical" href="[^"]+" \/>/);
      const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(raw);
      expect(() => JSON.parse(ld![1]!), path).not.toThrow();

      const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      // Counts server-rendered nodes taken out of #root: a failed hydration re-renders from scratch.
      await page.addInitScript(() => {
        const record = window as unknown as { removedFromRoot: number };
        record.removedFromRoot = 0;
        new MutationObserver((mutations) => {
          for (const mutation of mutations)
            if ((mutation.target as Element).id === 'root')
              record.removedFromRoot += mutation.removedNodes.length;
        }).observe(document, { childList: true, subtree: true });
      });
      // The page's stylesheets came inline (the gateway's inline-styles.ts): none is fetched again.
      const inlined = [...raw.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled>/g)].map(
        (match) => match[1]!,
      );
      expect(inlined.length, path).toBeGreaterThan(0);
      const refetched: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (inlined.includes(pathname)) refetched.push(pathname);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect
        .poll(() => page.locator('main').first().textContent(), { timeout: 15_000 })
        .toContain(text);
      // Hydrated: the app has taken over, and (below) not one node the server sent was replaced.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.app === 'interactive'))
        .toBe(true);
      expect(
        await page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot),
        path,
      ).toBe(0);
      expect(problems, path).toEqual([]);
      expect(refetched, path).toEqual([]);
      await context.close();
    }
  });

  it('brings the home page below the hero to life when it is about to be seen or is pressed, in place', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problems.push(`${message.type()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      const record = window as unknown as { removedFromRoot: number };
      record.removedFromRoot = 0;
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          if ((mutation.target as Element).id === 'root')
            record.removedFromRoot += mutation.removedNodes.length;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.app === 'interactive'))
      .toBe(true);
    const next = '#products button[aria-label="Scroll products right"]';
    const trackScroll = () =>
      page.evaluate(() => document.querySelector('#products .cat-carousel__track')!.scrollLeft);

    // Far below the first screen, the carousel is still the server's markup: a script's click (no
    // pointer, no scrolling) reaches a button nothing listens to yet.
    const resting = await trackScroll();
    await page.evaluate((selector) => (document.querySelector(selector) as HTMLButtonElement).click(), next);
    await page.waitForTimeout(500);
    expect(await trackScroll()).toBe(resting);

    // A visitor scrolls to it and presses the arrow: it works, on the same nodes the server sent.
    await page.locator(next).click();
    await expect.poll(trackScroll, { timeout: 5_000 }).toBeGreaterThan(resting + 100);

    // Scrolling through the whole page hydrates the rest, still without replacing a node.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(500);
    const removed = () =>
      page.evaluate(() => (window as unknown as { removedFromRoot: number }).removedFromRoot);
    expect(await removed()).toBe(0);
    expect(problems).toEqual([]);

    // Keyboard: the contact section's booking link, focused and entered, is the app's link (no reload).
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.locator('#contact a.btn--light').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.pathname)).toBe('/appointment');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await context.close();
  });

  it('leaves a page for another at once while parts of it are still the server markup', async () => {
    // Nothing scrolled: the footer and the home page below the hero are still held as server markup.
    // A navigation changes the router's context above them; were they left holding, it never showed.
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.app === 'interactive'))
      .toBe(true);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store' }).click();
    // The address changes before the new page is rendered: the store's own heading is what shows it is.
    await page.locator('#store-title').waitFor({ timeout: 5_000 });
    expect(await page.evaluate(() => location.pathname)).toBe('/store');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await context.close();
  });
});
