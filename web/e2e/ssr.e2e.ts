// Pages that arrive as HTML (issue #19): the public pages come from the gateway already rendered, with
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
      await context.close();
    }
  });
});
