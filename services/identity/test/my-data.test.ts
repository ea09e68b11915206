import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnverifiedAccounts } from '../src/use-cases/erasure.js';
import { createIdentityContext } from '../src/app.js';
import {
  createIdentityWorld,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

let world: IdentityWorld;

beforeAll(async () => {
  world = await createIdentityWorld('my_data');
});
afterAll(async () => world?.close());

async function rows<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await world.deps.database.pool.query<T>(text, values)).rows;
}

describe('GET /auth/me/export', () => {
  it("answers the caller's own account and how they sign in, never a secret", async () => {
    const email = uniqueEmail('exporter');
    const { token, user } = await world.register({ email, phone: '9876543210' });
    const response = await world.call({ method: 'GET', url: '/auth/me/export', token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ account: Record<string, unknown>; signInMethods: string[] }>();
    expect(body.account).toMatchObject({ id: user.id, email, phone: '9876543210', name: 'Asha Rao' });
    expect(body.signInMethods).toEqual(['password']);
    expect(response.body).not.toContain('argon2');
  });

  it('needs a token', async () => {
    const response = await world.call({ method: 'GET', url: '/auth/me/export' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('DELETE /auth/me', () => {
  it('refuses a wrong or missing password and unknown fields with a 400, deleting nothing', async () => {
    const { token, user } = await world.register({ email: uniqueEmail('careful') });
    for (const payload of [{ password: 'Not-my-password-1' }, {}, { password: STRONG_PASSWORD, extra: 1 }]) {
      const response = await world.call({ method: 'DELETE', url: '/auth/me', token, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const bad = await world.call({ method: 'DELETE', url: '/auth/me', token, payload: { password: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(await rows('select id from users where id = $1', [user.id])).toHaveLength(1);
  });

  it('erases the account, signs out every session and publishes identity.user.erased once', async () => {
    const email = uniqueEmail('leaving');
    const { token, user } = await world.register({ email, phone: '9123456780' });
    const other = await world.signIn(email, STRONG_PASSWORD);
    const response = await world.call({
      method: 'DELETE',
      url: '/auth/me',
      token,
      payload: { password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/deleted/);
    for (const session of [token, other])
      expect((await world.call({ method: 'GET', url: '/auth/me', token: session })).statusCode).toBe(401);
    const login = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // What identity's database keeps: no user row, no tokens, only the fact of the erasure.
    expect(await rows('select id from users where id = $1', [user.id])).toEqual([]);
    expect(await rows('select user_id from one_time_tokens where user_id = $1', [user.id])).toEqual([]);
    expect(await rows('select user_id, reason from user_erasures where user_id = $1', [user.id])).toEqual([
      { user_id: user.id, reason: 'self' },
    ]);
    const events = (await world.outbox()).filter((row) => row.key === user.id);
    expect(events.filter((row) => row.event_type === 'identity.user.erased')).toEqual([
      { event_type: 'identity.user.erased', key: user.id, topic: 'identity.user-erasure.v1' },
    ]);
    expect(events.at(-1)?.event_type).toBe('identity.user.deleted');
    // The suppression list's entry: only the address's hash, as key and payload, on the compacted topic.
    const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
    expect((await world.outbox()).filter((row) => row.key === hash)).toEqual([
      { event_type: 'identity.recipient.erased', key: hash, topic: 'identity.erased-recipient.v1' },
    ]);
  });

  it('lets a Google-only account confirm by typing DELETE', async () => {
    const { token, user } = await world.register({ email: uniqueEmail('googler') });
    await world.deps.database.pool.query('update users set password_hash = null where id = $1', [user.id]);
    const refused = await world.call({
      method: 'DELETE',
      url: '/auth/me',
      token,
      payload: { confirm: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CONFIRMATION_REQUIRED');
    const response = await world.call({
      method: 'DELETE',
      url: '/auth/me',
      token,
      payload: { confirm: 'DELETE' },
    });
    expect(response.statusCode).toBe(200);
    expect(await rows('select id from users where id = $1', [user.id])).toEqual([]);
  });

  it('admin deletion takes the same erasure path', async () => {
    const { user } = await world.register({ email: uniqueEmail('removed') });
    const response = await world.call({
      method: 'DELETE',
      url: `/admin/users/${String(user.id)}`,
      token: await world.adminToken(),
    });
    expect(response.statusCode).toBe(200);
    expect(await rows('select reason from user_erasures where user_id = $1', [user.id])).toEqual([
      { reason: 'admin' },
    ]);
    expect(
      (await world.outbox()).some((row) => row.key === user.id && row.event_type === 'identity.user.erased'),
    ).toBe(true);
  });
});

describe('retention: unverified accounts', () => {
  it('erases accounts left unverified past the setting, keeps verified, recent ones and admins', async () => {
    const context = await createIdentityContext(world.deps);
    const stale = await world.register({ email: uniqueEmail('stale') });
    const recent = await world.register({ email: uniqueEmail('recent') });
    const verified = await world.register({ email: uniqueEmail('verified') });
    const days = world.config.retention.unverifiedAccountDays;
    expect(days).toBe(30);
    await world.deps.database.pool.query(
      `update users set created_at = now() - interval '31 days' where id = any($1::uuid[])`,
      [[stale.user.id, verified.user.id]],
    );
    await world.deps.database.pool.query('update users set is_email_verified = true where id = $1', [
      verified.user.id,
    ]);
    await world.deps.database.pool.query(
      `update users set created_at = now() - interval '400 days' where role = 'admin'`,
    );

    expect(await sweepUnverifiedAccounts(context)).toBeGreaterThanOrEqual(1);
    const left = await rows<{ id: string }>('select id from users where id = any($1::uuid[])', [
      [stale.user.id, recent.user.id, verified.user.id],
    ]);
    expect(left.map((row) => row.id).sort()).toEqual([recent.user.id, verified.user.id].sort());
    expect(await rows('select reason from user_erasures where user_id = $1', [stale.user.id])).toEqual([
      { reason: 'retention' },
    ]);
    expect((await world.call({ method: 'GET', url: '/auth/me', token: stale.token })).statusCode).toBe(401);
    expect(await rows(`select id from users where role = 'admin'`)).not.toEqual([]);
    // A second run finds nothing more.
    expect(await sweepUnverifiedAccounts(context)).toBe(0);
  });

  it('does nothing while another replica holds the sweep lock', async () => {
    const context = await createIdentityContext(world.deps);
    const client = await world.deps.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(7311004)');
      expect(await sweepUnverifiedAccounts(context)).toBeNull();
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await sweepUnverifiedAccounts(context)).toBe(0);
  });
});
