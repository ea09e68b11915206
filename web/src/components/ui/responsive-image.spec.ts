import { describe, expect, it } from 'vitest';
import { responsiveSrcSet } from './responsive-image';

describe('responsiveSrcSet', () => {
  it('offers the catalogue’s 480 and 800 px copies beside the web version', () => {
    expect(responsiveSrcSet('/uploads/abc-1.webp')).toBe(
      '/uploads/abc-1.w480.webp 480w, /uploads/abc-1.w800.webp 800w, /uploads/abc-1.webp 1200w',
    );
  });

  it('leaves anything else alone', () => {
    for (const src of [
      undefined,
      null,
      '',
      '/assets/default-image.svg',
      '/uploads/a.w480.webp',
      'https://x/a.webp',
    ])
      expect(responsiveSrcSet(src)).toBeUndefined();
  });
});
