import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The stylesheets of a server-rendered page go out inside its HTML. On a slow mobile
 * connection every `<link rel="stylesheet">` in the head is another request the first paint waits for;
 * a public page's CSS is 25 KB (6 KB compressed), so the page paints from its one response instead.
 *
 * Each inlined sheet leaves a `disabled` link with its address behind: a disabled stylesheet is never
 * fetched, but the app's loader (Vite's preload helper looks for `link[href=…][rel="stylesheet"]`)
 * sees it is there and does not fetch it again when a screen that needs it is opened. The CSP allows
 * exactly the inlined text by its hash, so no other inline style is allowed.
 */
export interface InlineSheet {
  css: string;
  /** The CSP source for this text: 'sha256-…'. */
  source: string;
}

/** Every built stylesheet (web/dist/assets/*.css) by the address pages link it with. */
export function loadStylesheets(webDist: string): Map<string, InlineSheet> {
  const sheets = new Map<string, InlineSheet>();
  const assets = join(webDist, 'assets');
  if (!existsSync(assets)) return sheets;
  for (const name of readdirSync(assets)) {
    if (!name.endsWith('.css')) continue;
    const css = readFileSync(join(assets, name), 'utf8');
    // A sheet that could close its own element is linked as before (never the case for a build).
    if (/<\/style/i.test(css)) continue;
    sheets.set(`/assets/${name}`, { css, source: cspHashSource(css) });
  }
  return sheets;
}

export function cspHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const LINK = /<link\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * The page with each stylesheet link the build knows replaced, in place (the cascade keeps its order),
 * by its text and a disabled link; the CSP sources of what was inlined. Other links are left alone.
 */
export function inlineStylesheets(
  html: string,
  sheets: ReadonlyMap<string, InlineSheet>,
): { html: string; styleSources: string[] } {
  const styleSources: string[] = [];
  const inlined = new Set<string>();
  const out = html.replace(LINK, (tag) => {
    if (attribute(tag, 'rel')?.toLowerCase() !== 'stylesheet' || /\sdisabled\b/i.test(tag)) return tag;
    const href = attribute(tag, 'href');
    const sheet = href ? sheets.get(href) : undefined;
    if (!href || !sheet) return tag;
    const placeholder = `<link rel="stylesheet" href="${href}" disabled>`;
    // A sheet linked twice is inlined once.
    if (inlined.has(href)) return placeholder;
    inlined.add(href);
    if (!styleSources.includes(sheet.source)) styleSources.push(sheet.source);
    return `<style>${sheet.css}</style>${placeholder}`;
  });
  return { html: out, styleSources };
}
