import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../stores/session.store';
import { decideAccess, STAFF_ROLES } from './access';

const userWithRole = (role: SessionUser['role']): SessionUser => ({
  id: 'u1',
  _id: 'u1',
  name: 'Test',
  email: 't@example.com',
  role,
});

describe('decideAccess', () => {
  it('sends a signed-out visitor to sign in', () => {
    expect(decideAccess({ token: null, user: null })).toBe('sign-in');
    expect(decideAccess({ token: null, user: userWithRole('admin') }, STAFF_ROLES)).toBe('sign-in');
  });

  it('lets any signed-in user through the login guard', () => {
    expect(decideAccess({ token: 't', user: userWithRole('user') })).toBe('allow');
  });

  it('lets staff into bills and sends customers to unauthorized', () => {
    expect(decideAccess({ token: 't', user: userWithRole('admin') }, STAFF_ROLES)).toBe('allow');
    expect(decideAccess({ token: 't', user: userWithRole('employee') }, STAFF_ROLES)).toBe('allow');
    expect(decideAccess({ token: 't', user: userWithRole('user') }, STAFF_ROLES)).toBe('unauthorized');
  });
});
