import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdentityWorld,
  STRONG_PASSWORD,
  uniqueEmail,
  type IdentityWorld,
} from './support/identity-world.js';

// A stand-in for Google: our own RS256 key pair; the app gets only its public key set, as it would Google's.
const CLIENT_ID = 'spa-test-client.apps.googleusercontent.com';
const KID = 'google-test-key';
type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let google: KeyPair;
let impostor: KeyPair;
let world: IdentityWorld;

beforeAll(async () => {
  google = await generateKeyPair('RS256', { extractable: true });
  impostor = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(google.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };
  world = await createIdentityWorld('google', {
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_JSON: JSON.stringify(jwks) },
  });
});
afterAll(async () => world?.close());

interface IdTokenOptions {
  email: string;
  subject?: string;
  name?: string;
  emailVerified?: boolean;
  audience?: string;
  issuer?: string;
  signWith?: KeyPair['privateKey'];
  issuedAt?: number;
  expiresAt?: number;
}

function idToken(options: IdTokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: options.email,
    email_verified: options.emailVerified ?? true,
    name: options.name ?? 'Kavya Menon',
    picture: 'https://example.com/kavya.png',
  })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(options.subject ?? randomBytes(10).toString('hex'))
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.signWith ?? google.privateKey);
}

const googleSignIn = (tokenId: string) =>
  world.call({ method: 'POST', url: '/auth/google', payload: { tokenId } });

describe('POST /auth/google', () => {
  it('publishes the client id for the sign-in button', async () => {
    expect((await world.call({ method: 'GET', url: '/auth/config' })).json()).toEqual({
      googleClientId: CLIENT_ID,
    });
  });

  it('refuses a look-alike address from Google with 400 and a reason, and links a full-width spelling', async () => {
    const email = uniqueEmail('lookalike');
    const lookalike = email.replace('l', '\u04cf'); // Cyrillic palochka for the first "l"
    const refused = await googleSignIn(await idToken({ email: lookalike }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'UNSUPPORTED_EMAIL' });
    expect(refused.json().message).toContain('before the @');

    const subject = randomBytes(10).toString('hex');
    const plain = await googleSignIn(await idToken({ email, subject }));
    const fullWidth = email.replace(/[a-z]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
    const again = await googleSignIn(await idToken({ email: fullWidth.toUpperCase(), subject }));
    expect(again.json().user.id).toBe(plain.json().user.id);
    expect(again.json().user.email).toBe(email);
  });

  it('creates a verified customer on first sign-in and finds them again by their Google account', async () => {
    const email = uniqueEmail('kavya');
    const subject = randomBytes(10).toString('hex');
    const first = await googleSignIn(await idToken({ email: email.toUpperCase(), subject }));
    expect(first.statusCode).toBe(200);
    const { token, user } = first.json();
    expect(user).toMatchObject({
      email,
      name: 'Kavya Menon',
      role: 'user',
      isEmailVerified: true,
      hasPassword: false,
    });
    expect((await (await world.platformVerifier()).verify(token)).id).toBe(user.id);
    const registered = (await world.outbox()).filter((row) => row.key === user.id);
    expect(registered.map((row) => row.event_type)).toEqual(['identity.user.registered']);

    const again = await googleSignIn(await idToken({ email, subject, issuer: 'accounts.google.com' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(user.id);

    // Without a password, the account cannot be signed in to with one (same answer as a wrong password).
    const password = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(password.statusCode).toBe(401);
  });

  it('links to an existing verified account with the same email and keeps its password', async () => {
    const email = uniqueEmail('linked');
    const { user } = await world.register({ email });
    await world.deps.database.pool.query('update users set is_email_verified = true where id = $1', [
      user.id,
    ]);
    const response = await googleSignIn(await idToken({ email }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, hasPassword: true, role: 'user' });
    await world.signIn(email, STRONG_PASSWORD);
  });

  it('drops the password of an unverified account it links to: whoever set it never proved the mailbox', async () => {
    const email = uniqueEmail('squatted');
    const { user } = await world.register({ email });
    const response = await googleSignIn(await idToken({ email }));
    expect(response.json().user).toMatchObject({ id: user.id, isEmailVerified: true, hasPassword: false });
    const squatter = await world.call({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(squatter.statusCode).toBe(401);
    const updated = (await world.outbox()).filter(
      (row) => row.key === user.id && row.event_type === 'identity.user.updated',
    );
    expect(updated).toHaveLength(1);
  });

  it.each([
    [
      'a wrong audience',
      { audience: 'someone-else.apps.googleusercontent.com' },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'a wrong issuer',
      { issuer: 'https://accounts.example.com' },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'a wrong signature',
      { signWith: 'impostor' },
      'Google sign-in could not be verified. Please try again.',
    ],
    [
      'an expired token',
      { issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresAt: Math.floor(Date.now() / 1000) - 3600 },
      'Your Google sign-in has expired. Please try again.',
    ],
  ])('refuses %s with 401 and creates nobody', async (_case, overrides, message) => {
    const email = uniqueEmail('refused');
    const { signWith, ...rest } = overrides as Partial<IdTokenOptions> & { signWith?: string };
    const token = await idToken({ email, ...rest, ...(signWith ? { signWith: impostor.privateKey } : {}) });
    const response = await googleSignIn(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message, code: 'INVALID_GOOGLE_TOKEN' });
    const { rows } = await world.deps.database.pool.query('select 1 from users where email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('refuses an email Google has not verified', async () => {
    const response = await googleSignIn(
      await idToken({ email: uniqueEmail('unverified'), emailVerified: false }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('GOOGLE_EMAIL_NOT_VERIFIED');
  });

  it('refuses something that is not a token, and a missing one', async () => {
    const garbage = await googleSignIn('definitely-not-a-jwt');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().code).toBe('INVALID_GOOGLE_TOKEN');
    const missing = await world.call({ method: 'POST', url: '/auth/google', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('tokenId is required');
  });

  it('refuses an ID token issued to our client but for a different Google account that claims a linked email', async () => {
    const email = uniqueEmail('owned');
    const owner = await googleSignIn(await idToken({ email }));
    expect(owner.statusCode).toBe(200);
    const other = await googleSignIn(await idToken({ email }));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This email address is already linked to a different Google account.');
  });
});
