import type { GatewayConfig } from './config.js';

/**
 * The Content-Security-Policy of the SPA: its own origin and nothing else, plus the few origins a
 * deployment names for the identity provider's button and the payment checkout.
 */
export function contentSecurityPolicy(
  csp: GatewayConfig['csp'],
  /** Hashes of the inline styles a server-rendered page carries (inline-styles.ts). */
  inlineStyleSources: readonly string[] = [],
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...csp.scriptSrc],
    'style-src': ["'self'", ...csp.styleSrc, ...inlineStyleSources],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...csp.connectSrc],
    'frame-src': csp.frameSrc.length ? csp.frameSrc : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};
