import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_FROM } from '../config.js';
import { brand } from './brand.js';

// The web app's business details; emails must show the same business.
const webBusiness = readFileSync(new URL('../../../../web/src/app/business.ts', import.meta.url), 'utf8');

describe('brand', () => {
  it('matches the web app: name, phone, email and address', () => {
    for (const value of [brand.name, brand.phone, brand.email, brand.addressLines[0], brand.addressLines[1]])
      expect(webBusiness).toContain(`'${value}'`);
    expect(webBusiness).toContain("city: 'Indore'");
    expect(webBusiness).toContain("postalCode: '452010'");
  });

  it('sends from the same business name', () => {
    expect(DEFAULT_MAIL_FROM.startsWith(`${brand.name} <`)).toBe(true);
  });
});
