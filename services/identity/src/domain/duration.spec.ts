import { describe, expect, it } from 'vitest';
import { parseDurationSeconds } from './duration.js';

describe('token lifetimes', () => {
  it.each([
    ['3600', 3600],
    ['90s', 90],
    ['15m', 900],
    ['12h', 43_200],
    ['1d', 86_400],
    [' 2D ', 172_800],
  ])('%j is %i seconds', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds);
  });

  it.each(['', '0', '1w', '-5m', '1.5h', 'soon'])('refuses %j', (text) => {
    expect(parseDurationSeconds(text)).toBeUndefined();
  });
});
