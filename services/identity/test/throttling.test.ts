import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentityWorld,
  STRONG_PASSWORD,
  testAddress,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

let world: IdentityWorld;
beforeAll(async () => {
  world = await createIdentityWorld('throttle', { env: { SIGNIN_MAX_FAILURES_PER_ADDRESS: '8' } });
});
afterAll(async () => world?.close());

const login = (email: string, password: string, address: string) =>
  world.call({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': address },
  });

describe('sign-in throttling', () => {
  it('locks an account after 5 failures, even for the right password, and tells the user when to retry', async () => {
    const email = uniqueEmail('locked');
    await world.register({ email });
    for (let attempt = 1; attempt <= 5; attempt++) {
      // From different addresses: the account lock does not depend on where the guesses come from.
      expect((await login(email, `Wrong-guess-${attempt}`, testAddress())).statusCode).toBe(401);
    }
    const locked = await login(email, STRONG_PASSWORD, testAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message:
        'Too many failed sign-in attempts for this account. Please try again in 15 minutes or reset your password.',
      code: 'RATE_LIMITED',
    });
  });

  it('locks an unknown email the same way, so a lock tells nothing about registration', async () => {
    const email = uniqueEmail('ghost');
    for (let attempt = 1; attempt <= 5; attempt++) await login(email, 'Wrong-guess-1', testAddress());
    expect((await login(email, 'Wrong-guess-1', testAddress())).statusCode).toBe(429);
  });

  it('does not count successful sign-ins, and clears the count on success', async () => {
    const email = uniqueEmail('steady');
    await world.register({ email });
    const address = testAddress();
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < 4; attempt++) await login(email, 'Wrong-guess-1', testAddress());
      expect((await login(email, STRONG_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it('blocks an address that fails across many accounts, and only that address', async () => {
    const address = testAddress();
    for (let attempt = 0; attempt < 8; attempt++)
      expect((await login(uniqueEmail('spray'), 'Wrong-guess-1', address)).statusCode).toBe(401);
    const email = uniqueEmail('bystander');
    await world.register({ email });
    const blocked = await login(email, STRONG_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed sign-in attempts from your network. Please try again in 15 minutes.',
    );
    expect((await login(email, STRONG_PASSWORD, testAddress())).statusCode).toBe(200);
  });

  it('counts wrong current passwords on /auth/change-password towards the account lock', async () => {
    const email = uniqueEmail('oracle');
    const { token } = await world.register({ email });
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await world.call({
        method: 'POST',
        url: '/auth/change-password',
        token,
        payload: { currentPassword: `Guess-${attempt}-x`, newPassword: 'Quiet-river-77' },
        headers: { 'x-forwarded-for': testAddress() },
      });
      expect(response.statusCode).toBe(400);
    }
    const locked = await world.call({
      method: 'POST',
      url: '/auth/change-password',
      token,
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Quiet-river-77' },
    });
    expect(locked.statusCode).toBe(429);
  });
});
