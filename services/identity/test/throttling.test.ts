import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guessBound } from '../src/db/sign-in-throttle.js';
import {
  createIdentityWorld,
  STRONG_PASSWORD,
  testAddress,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

/**
 * Short waits so the growing delays can be watched in real time: 2 free failures per address, then
 * 1 s, 2 s, 4 s capped at 4 s; the account is under pressure after 6 attempts in an hour, when
 * addresses that failed share one attempt per 3 s and a clean address waits 1 s once.
 */
const SETTINGS = {
  SIGNIN_FREE_FAILURES: '2',
  SIGNIN_DELAY_BASE_SECONDS: '1',
  SIGNIN_DELAY_MAX_SECONDS: '4',
  SIGNIN_ACCOUNT_CEILING: '6',
  SIGNIN_PRESSURE_INTERVAL_SECONDS: '3',
  SIGNIN_CLEAN_WAIT_SECONDS: '1',
  SIGNIN_MAX_FAILURES_PER_ADDRESS: '8',
};

/**
 * The delays and the clean-address wait are measured on the clock the throttle reads (Date.now, taken
 * when the world is built): a test moves it on with `passTime` instead of waiting in real time. The
 * shared pressure slot and the address lock expire in Redis (real time), so their waits stay real.
 */
const realNow = Date.now.bind(Date);
let skewMs = 0;
const passTime = (ms: number) => void (skewMs += ms);

let world: IdentityWorld;
beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skewMs);
  world = await createIdentityWorld('throttle', { env: SETTINGS });
});
afterAll(async () => {
  await world?.close();
  vi.restoreAllMocks();
});

const login = (email: string, password: string, address: string, cookie?: string) =>
  world.call({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    headers: { 'x-spa-client-address': address, ...(cookie ? { cookie } : {}) },
  });

const deviceCookieOf = (response: LightMyRequestResponse) => {
  const header = String(response.headers['set-cookie'] ?? '');
  return header.split(';')[0]!;
};

/** Pushes an account under pressure: `count` wrong guesses, each from its own fresh address. */
async function pressure(email: string, count: number): Promise<string[]> {
  const addresses = Array.from({ length: count }, testAddress);
  for (const [attempt, address] of addresses.entries())
    expect((await login(email, `Wrong-guess-${attempt}`, address)).statusCode).toBe(401);
  return addresses;
}

describe('sign-in throttling per account and address', () => {
  it('makes one address wait 1 s, 2 s, 4 s... after its free failures, with Retry-After and the error shape', async () => {
    const email = uniqueEmail('delays');
    await world.register({ email });
    const address = testAddress();
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await login(email, 'Wrong-guess-1', address)).statusCode).toBe(401);
    const slowed = await login(email, STRONG_PASSWORD, address);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please wait 1 second and try again.',
      code: 'RATE_LIMITED',
    });
    // Another address is not slowed by this one's failures.
    expect((await login(email, 'Wrong-guess-2', testAddress())).statusCode).toBe(401);

    passTime(1_050);
    expect((await login(email, 'Wrong-guess-3', address)).statusCode).toBe(401);
    const doubled = await login(email, STRONG_PASSWORD, address);
    expect(doubled.statusCode).toBe(429);
    expect(doubled.headers['retry-after']).toBe('2');
    passTime(2_050);
    expect((await login(email, 'Wrong-guess-4', address)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, address)).headers['retry-after']).toBe('4');
  });

  it('never locks the account: the owner signs in from a clean address while someone else fails', async () => {
    const email = uniqueEmail('owner');
    await world.register({ email });
    const attacker = testAddress();
    for (let attempt = 0; attempt < 2; attempt++) await login(email, 'Wrong-guess-1', attacker);
    expect((await login(email, 'Wrong-guess-1', attacker)).statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, testAddress())).statusCode).toBe(200);
  });

  it('treats an unknown email the same way, so throttling tells nothing about registration', async () => {
    const [known, ghost] = [uniqueEmail('known'), uniqueEmail('ghost')];
    await world.register({ email: known });
    const answers = async (email: string) => {
      const address = testAddress();
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++)
        statuses.push((await login(email, 'Wrong-guess-1', address)).statusCode);
      return statuses;
    };
    expect(await answers(known)).toEqual([401, 401, 429]);
    expect(await answers(ghost)).toEqual([401, 401, 429]);
  });

  it('forgets an address’s failures once it signs in', async () => {
    const email = uniqueEmail('steady');
    await world.register({ email });
    const address = testAddress();
    for (let round = 0; round < 3; round++) {
      expect((await login(email, 'Wrong-guess-1', address)).statusCode).toBe(401);
      expect((await login(email, STRONG_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it('counts parallel guesses from one address: only the free ones get through', async () => {
    const email = uniqueEmail('burst');
    const address = testAddress();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, index) => login(email, `Wrong-guess-${index}`, address)),
    );
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([401, 401, 429, 429, 429, 429]);
  });
});

describe('the per-account ceiling across addresses', () => {
  it('lets addresses that failed share one attempt per interval once the account is under pressure', async () => {
    const email = uniqueEmail('ceiling');
    await world.register({ email });
    const [guesser, other] = await pressure(email, 6);
    // Six attempts this hour: the account is under pressure. The first address that failed gets the
    // account's one attempt of the interval, the next one waits for the next interval.
    expect((await login(email, 'Wrong-guess-6', guesser!)).statusCode).toBe(401);
    const queued = await login(email, 'Wrong-guess-7', other!);
    expect(queued.statusCode).toBe(429);
    expect(queued.json()).toEqual({
      message: expect.stringMatching(
        /^This account has had many failed sign-in attempts\. Please wait [1-3] seconds? and try again, or reset your password\.$/,
      ),
      code: 'RATE_LIMITED',
    });
    expect(Number(queued.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await sleep(Number(queued.headers['retry-after']) * 1000 + 50);
    expect((await login(email, 'Wrong-guess-8', other!)).statusCode).toBe(401);
  });

  it('slows but never blocks a correct sign-in from an address with no failures', async () => {
    const email = uniqueEmail('slowed');
    await world.register({ email });
    await pressure(email, 6);
    const owner = testAddress();
    const first = await login(email, STRONG_PASSWORD, owner);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().message).toBe(
      'This account has had many failed sign-in attempts, so sign-ins from new places are slowed. Please wait 1 second and try again.',
    );
    passTime(1_050);
    expect((await login(email, STRONG_PASSWORD, owner)).statusCode).toBe(200);
  });

  it('does not slow a device that signed in to the account before', async () => {
    const email = uniqueEmail('device');
    await world.register({ email });
    const home = await login(email, STRONG_PASSWORD, testAddress());
    expect(home.statusCode).toBe(200);
    expect(String(home.headers['set-cookie'])).toMatch(
      /^spa_device=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const cookie = deviceCookieOf(home);
    await pressure(email, 6);
    // From a new address (travelling), with the device's cookie: straight in, and the cookie is kept.
    const travelling = await login(email, STRONG_PASSWORD, testAddress(), cookie);
    expect(travelling.statusCode).toBe(200);
    expect(deviceCookieOf(travelling)).toBe(cookie);
    // The same cookie means nothing for another account.
    const other = uniqueEmail('other');
    await world.register({ email: other });
    await pressure(other, 6);
    expect((await login(other, STRONG_PASSWORD, testAddress(), cookie)).statusCode).toBe(429);
  });
});

describe('what an attacker with 100 addresses can try against one account in an hour', () => {
  it('comes from the settings: 181 guesses in the first hour with the defaults, 81 in each later one', () => {
    const defaults = { accountCeiling: 20, pressureIntervalSeconds: 60 };
    expect(guessBound(defaults, 100)).toBe(181);
    expect(guessBound(defaults, 100, 3600, { addressesFresh: false })).toBe(81);
    expect(world.config.signInThrottle).toMatchObject({ accountCeiling: 6, pressureIntervalSeconds: 3 });
  });

  it('holds against 100 addresses guessing flat out (the test settings, a few seconds)', async () => {
    const email = uniqueEmail('siege');
    await world.register({ email });
    const addresses = Array.from({ length: 100 }, testAddress);
    let guesses = 0;
    const started = Date.now();
    while (Date.now() < started + 4_500) {
      const round = await Promise.all(addresses.map((address) => login(email, 'Wrong-guess-1', address)));
      // Every answer a refusal (401 wrong, 429 slowed); anything else is shown with its body.
      expect(
        round
          .filter((response) => ![401, 429].includes(response.statusCode))
          .map((response) => `${response.statusCode} ${response.body}`),
      ).toEqual([]);
      guesses += round.filter((response) => response.statusCode === 401).length;
      await sleep(100);
    }
    const seconds = (Date.now() - started) / 1000;
    // Every address got its one clean attempt; beyond that only the shared, spaced attempts.
    expect(guesses).toBeGreaterThanOrEqual(100);
    expect(guesses).toBeLessThanOrEqual(guessBound(world.config.signInThrottle, 100, seconds));
    // And the owner still gets in from a device that signed in before... or, here, a clean address.
    const owner = testAddress();
    expect((await login(email, STRONG_PASSWORD, owner)).statusCode).toBe(429);
    passTime(1_050);
    expect((await login(email, STRONG_PASSWORD, owner)).statusCode).toBe(200);
  }, 60_000);
});

describe('spraying from one address and change-password', () => {
  it('blocks an address that fails across many accounts, except for a device that signed in before', async () => {
    const email = uniqueEmail('bystander');
    await world.register({ email });
    const cookie = deviceCookieOf(await login(email, STRONG_PASSWORD, testAddress()));
    const address = testAddress();
    for (let attempt = 0; attempt < 8; attempt++)
      expect((await login(uniqueEmail('spray'), 'Wrong-guess-1', address)).statusCode).toBe(401);
    const blocked = await login(email, STRONG_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed sign-in attempts from your network. Please try again in 15 minutes.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(email, STRONG_PASSWORD, address, cookie)).statusCode).toBe(200);
    expect((await login(email, STRONG_PASSWORD, testAddress())).statusCode).toBe(200);
  });

  it('counts wrong current passwords on /auth/change-password, and not right ones', async () => {
    const email = uniqueEmail('oracle');
    const { token } = await world.register({ email });
    const address = testAddress();
    const change = (currentPassword: string, newPassword: string) =>
      world.call({
        method: 'POST',
        url: '/auth/change-password',
        token,
        payload: { currentPassword, newPassword },
        headers: { 'x-spa-client-address': address },
      });
    let current = STRONG_PASSWORD;
    for (const next of ['Quiet-river-71', 'Quiet-river-72', 'Quiet-river-73']) {
      expect((await change(current, next)).statusCode).toBe(200);
      current = next;
    }
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await change(`Guess-${attempt}-x`, 'Quiet-river-77')).statusCode).toBe(400);
    const slowed = await change(current, 'Quiet-river-77');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
  });

  it('reads the client address only from the gateway’s header, never from X-Forwarded-For', async () => {
    const email = uniqueEmail('forwarded');
    const peerAddress = testAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await world.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: peerAddress,
        payload: { email, password: 'Wrong-guess-1' },
        headers: { 'x-forwarded-for': testAddress() },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
