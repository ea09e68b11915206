import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.js';

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(
    values.flatMap((value) =>
      typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

describe('image type by magic bytes', () => {
  it('recognises jpeg, png, gif and webp', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('jpeg');
    expect(detectImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(detectImageType(bytes('GIF89a', 0))).toBe('gif');
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectImageType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(detectImageType(bytes(0x89, 'PN'))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });
});
