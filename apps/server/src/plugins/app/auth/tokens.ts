import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { isRole, type Role } from '@visus/core';

/** What a session token says: who, with which role, and which token generation of the account. */
export interface TokenClaims {
  userId: string;
  role: Role;
  tokenVersion: number;
}

const ALG = 'HS256';
const ISSUER = 'visus';

/** Signs and checks session JWTs (HS256 only: a token with another algorithm is refused). */
export class TokenService {
  /** A KeyObject made once: jose would otherwise import raw key bytes again on every sign and verify. */
  private readonly key: crypto.KeyObject;

  constructor(
    secret: string,
    private readonly ttl: string,
  ) {
    this.key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role, tv: claims.tokenVersion })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime(this.ttl)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER });
      if (typeof payload.sub !== 'string' || !isRole(payload.role) || !Number.isInteger(payload.tv)) {
        return null;
      }
      return { userId: payload.sub, role: payload.role, tokenVersion: payload.tv as number };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/** Random URL-safe token of 256 bits (password resets, invites). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak does not leak usable links. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
