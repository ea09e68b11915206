import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON the server render leaves in the page for hydration (never executed: CSP-safe). */
export const SSR_STATE_ID = 'ssr-state';

export interface SsrState {
  /** TanStack Query's cache as the server filled it. */
  queries: DehydratedState;
}

/**
 * JSON that can sit inside a <script> element: `<`, `>` and `&` become \u escapes, so no string in it
 * (a product called `</script><script>…`) can close the element or open a comment, and U+2028/2029
 * cannot break older parsers. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
