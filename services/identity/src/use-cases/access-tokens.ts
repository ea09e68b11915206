import { randomUUID } from 'node:crypto';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type Role } from '@spa/kit';
import { SignJWT } from 'jose';
import type { EmployeeStatus } from '../domain/user.js';
import type { SessionRegistry } from '../db/session-registry.js';
import type { SigningKey } from './signing-keys.js';

export interface TokenSubject {
  id: string;
  role: Role;
  name: string;
  email: string;
  /** A self-registered employee's application state (the web shows "waiting for approval"). */
  employeeStatus?: EmployeeStatus | null;
  /** Whether the email was verified when the token was issued (the email_verified claim). */
  emailVerified?: boolean;
}

export interface IssuedToken {
  token: string;
  tokenId: string;
  expiresAt: number;
}

/** Signs access tokens (EdDSA) as every verifier on the platform expects them, and remembers each one. */
export class AccessTokenIssuer {
  constructor(
    private readonly key: SigningKey,
    private readonly lifetimeSeconds: number,
    private readonly sessions: SessionRegistry,
  ) {}

  async issue(subject: TokenSubject): Promise<IssuedToken> {
    const tokenId = randomUUID();
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + this.lifetimeSeconds;
    // `role` is always the effective role: an applicant is a `user` until approved.
    const claims: Record<string, string | boolean> = {
      role: subject.role,
      name: subject.name,
      email: subject.email,
      email_verified: subject.emailVerified === true,
    };
    if (subject.employeeStatus) claims.employeeStatus = subject.employeeStatus;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: this.key.kid, typ: 'JWT' })
      .setSubject(subject.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setJti(tokenId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key.privateKey);
    await this.sessions.track(subject.id, tokenId, expiresAt);
    return { token, tokenId, expiresAt };
  }
}
