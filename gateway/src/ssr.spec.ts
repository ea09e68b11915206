import { describe, expect, it } from 'vitest';
import { fillTemplate, hoistHints, renderTarget, robotsTxt, sitemapXml } from './ssr.js';

const TEMPLATE = `<html><head>
    <meta
      name="description"
      content="default"
    />
    <title>Default</title>
    <script type="module" src="/assets/index.js"></script>
  </head><body><div id="root"></div></body></html>`;

describe('the server-rendered page', () => {
  it('replaces the default title and description and fills the root', () => {
    const html = fillTemplate(TEMPLATE, {
      head: '<title>Store</title>',
      html: '<main>hi</main>',
      state: '<script type="application/json" id="ssr-state">{}</script>',
    });
    expect(html).not.toContain('Default');
    expect(html).not.toContain('content="default"');
    expect(html).toContain('<title>Store</title>\n  </head>');
    expect(html).toContain('<div id="root"><main>hi</main></div>\n    <script type="application/json"');
  });

  it('moves the resource hints React put before the markup into the head', () => {
    expect(hoistHints('<link rel="preload" as="image" href="/a.webp"/><div>x</div>')).toEqual({
      hints: '<link rel="preload" as="image" href="/a.webp"/>',
      html: '<div>x</div>',
    });
    expect(hoistHints('<div>x</div>')).toEqual({ hints: '', html: '<div>x</div>' });
  });
});

describe('sitemap and robots', () => {
  it('escapes each address', () => {
    expect(sitemapXml('https://x.in', ['/', '/products/a&b'])).toContain(
      '<url><loc>https://x.in/products/a&amp;b</loc></url>',
    );
  });

  it('disallows the private screens and names the sitemap', () => {
    const robots = robotsTxt('https://x.in').split('\n');
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Sitemap: https://x.in/sitemap.xml');
  });
});

describe('renderTarget', () => {
  it('drops query parameters a page does not read, keeps the store’s filters in one order', () => {
    expect(renderTarget('/?utm_source=x')).toBe('/');
    expect(renderTarget('/products/p1?ref=share')).toBe('/products/p1');
    expect(renderTarget('/store?page=2&utm=1&category=c1')).toBe('/store?category=c1&page=2');
    expect(renderTarget('/store?page=')).toBe('/store');
  });

  it('leaves a wizard opened on a chosen treatment to the browser', () => {
    expect(renderTarget('/appointment')).toBe('/appointment');
    expect(renderTarget('/appointment?service=s1&option=o1')).toBeUndefined();
  });
});
