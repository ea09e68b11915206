import { describe, expect, it } from 'vitest';
import { returnPathFrom } from './return-path';

describe('returnPathFrom', () => {
  it('goes back to the page the visitor came from, with its query and hash', () => {
    expect(returnPathFrom({ from: { pathname: '/cart', search: '?x=1', hash: '#top' } })).toBe(
      '/cart?x=1#top',
    );
    expect(returnPathFrom({ from: { pathname: '/my-appointments' } })).toBe('/my-appointments');
  });

  it('goes to the dashboard otherwise', () => {
    expect(returnPathFrom(null)).toBe('/dashboard');
    expect(returnPathFrom({})).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: '/login' } })).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: '/auth/login' } })).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: '//evil.example/x' } })).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: 'https://evil.example' } })).toBe('/dashboard');
  });
});
