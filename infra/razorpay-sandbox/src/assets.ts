import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// One level below the package root both as src/*.ts and as the bundled dist/main.js.
const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/** The browser files of the checkout, read once at start-up. */
export function readCheckoutAssets(): { checkoutScript: string; frameScript: string; frameStyles: string } {
  const read = (name: string) => readFileSync(`${publicDir}${name}`, 'utf8');
  return {
    checkoutScript: read('checkout.js'),
    frameScript: read('frame.js'),
    frameStyles: read('frame.css'),
  };
}
