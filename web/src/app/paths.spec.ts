import { describe, expect, it } from 'vitest';
import { isSignInPath, paths } from './paths';

describe('paths', () => {
  it('builds the parameterised addresses of the route table', () => {
    expect(paths.billView('65a1')).toBe('/bill/65a1/view');
    expect(paths.editBill('65a1')).toBe('/bills/edit/65a1');
    expect(paths.resetPassword('a/b')).toBe('/auth/reset-password/a%2Fb');
  });

  it('knows both sign-in addresses', () => {
    expect(isSignInPath('/login')).toBe(true);
    expect(isSignInPath('/auth/login')).toBe(true);
    expect(isSignInPath('/auth/register')).toBe(false);
  });
});
