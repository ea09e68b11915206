// A secret with a default written in a service's config is published with the source, and whatever it
// signs is accepted by every stack that fell back to it (a review link was forged that way). The
// development values come from infra/local/dev-secrets.mjs instead; this catches a default coming back.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './env.mjs';

/** Variables that hold a secret: any *_SECRET, and these. */
const NAMED_SECRETS = ['SERVICE_KEY', 'IDENTITY_SIGNING_KEY', 'METRICS_TOKEN'];
const isSecret = (name: string) => /_SECRET$/.test(name) || NAMED_SECRETS.includes(name);

/**
 * Where a secret gets a fallback: read with a second argument (`env.string('X_SECRET', 'dev')`, a
 * helper's `secret('X_SECRET', DEV)`), or a value after `??` / `||` (`optionalString('X_SECRET') ?? 'dev'`).
 */
function secretDefaults(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*,\s*[^\s)]/g,
    /['"`]([A-Z][A-Z0-9_]*)['"`]\s*\)\s*(?:\?\?|\|\|)\s*[^\s]/g,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) if (isSecret(match[1]!)) found.push(match[1]!);
  return found;
}

const root = repoRoot();
const configFiles = [
  ...readdirSync(path.join(root, 'services')).map((name) => path.join('services', name, 'src', 'config.ts')),
  path.join('gateway', 'src', 'config.ts'),
  path.join('services', 'kit', 'src', 'auth', 'service-auth.ts'),
].filter((file) => {
  try {
    readFileSync(path.join(root, file));
    return true;
  } catch {
    return false;
  }
});

describe('secrets in the services’ configuration', () => {
  it('the check sees a default however it is written', () => {
    expect(secretDefaults(`env.string('REVIEW_LINK_SECRET', DEV_SECRET)`)).toEqual(['REVIEW_LINK_SECRET']);
    expect(secretDefaults(`secret(\n  'RAZORPAY_KEY_SECRET',\n  'sandbox')`)).toEqual([
      'RAZORPAY_KEY_SECRET',
    ]);
    expect(secretDefaults(`env.optionalString('SERVICE_KEY') ?? 'k'`)).toEqual(['SERVICE_KEY']);
    expect(secretDefaults(`env.string('REVIEW_LINK_SECRET')`)).toEqual([]);
    expect(secretDefaults(`env.string('APP_URL', 'http://localhost:8080')`)).toEqual([]);
  });

  it('reads every service’s config and the gateway’s', () => {
    expect(configFiles.length).toBeGreaterThanOrEqual(8);
  });

  it.each(configFiles)('%s gives no secret a default', (file) => {
    expect(secretDefaults(readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });
});
