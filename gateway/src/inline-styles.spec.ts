import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHashSource, inlineStylesheets, loadStylesheets } from './inline-styles.js';

const MAIN = '.a{color:red}';
const HOME = '.b{margin:0}';

function sheets() {
  const dist = mkdtempSync(join(tmpdir(), 'inline-styles-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'main-1.css'), MAIN);
  writeFileSync(join(dist, 'assets', 'home-2.css'), HOME);
  writeFileSync(join(dist, 'assets', 'evil-3.css'), '.c{}</style><script>alert(1)</script>');
  writeFileSync(join(dist, 'assets', 'main-1.js'), 'x');
  return loadStylesheets(dist);
}

describe('stylesheets inlined into a server-rendered page', () => {
  it('replaces each known link in place by its text and a disabled link, in the same order', () => {
    const { html } = inlineStylesheets(
      '<head><link rel="stylesheet" crossorigin href="/assets/main-1.css">' +
        '<link rel="icon" href="/favicon.svg" />' +
        '<link rel="stylesheet" crossorigin href="/assets/home-2.css" /></head>',
      sheets(),
    );
    expect(html).toBe(
      `<head><style>${MAIN}</style><link rel="stylesheet" href="/assets/main-1.css" disabled>` +
        '<link rel="icon" href="/favicon.svg" />' +
        `<style>${HOME}</style><link rel="stylesheet" href="/assets/home-2.css" disabled></head>`,
    );
  });

  it('answers the CSP hash of exactly each inlined text', () => {
    const { styleSources } = inlineStylesheets(
      '<link rel="stylesheet" href="/assets/main-1.css"><link rel="stylesheet" href="/assets/home-2.css">',
      sheets(),
    );
    const expected = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(styleSources).toEqual([expected(MAIN), expected(HOME)]);
    expect(cspHashSource(MAIN)).toBe(expected(MAIN));
  });

  it('inlines a sheet linked twice once', () => {
    const { html, styleSources } = inlineStylesheets(
      '<link rel="stylesheet" href="/assets/main-1.css"><link rel="stylesheet" href="/assets/main-1.css">',
      sheets(),
    );
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html.match(/disabled/g)).toHaveLength(2);
    expect(styleSources).toHaveLength(1);
  });

  it('leaves unknown sheets, other origins and sheets that could close the element linked', () => {
    const page =
      '<link rel="stylesheet" href="https://cdn.example/x.css">' +
      '<link rel="stylesheet" href="/assets/missing.css">' +
      '<link rel="stylesheet" href="/assets/evil-3.css">';
    const { html, styleSources } = inlineStylesheets(page, sheets());
    expect(html).toBe(page);
    expect(styleSources).toEqual([]);
  });
});
