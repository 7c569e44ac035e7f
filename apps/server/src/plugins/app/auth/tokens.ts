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
/** Verified tokens remembered at most (≈ 0.5 KB each); beyond it the oldest is forgotten first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/** Signs and checks session JWTs (HS256 only: a token with another algorithm is refused). */
export class TokenService {
  /** A KeyObject made once: jose would otherwise import raw key bytes again on every sign and verify. */
  private readonly key: crypto.KeyObject;

  constructor(
    secret: string,
    private readonly ttl: string,
    /** How many verified tokens to remember (tests use a small number). */
    private readonly keep = VERIFIED_TOKENS_KEPT,
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

  /**
   * Tokens whose signature and claims were verified, with their expiry (epoch seconds). A token is
   * immutable text: the same string verifies the same way every time, so checking the signature again on
   * each request of a session only costs CPU (jose's WebCrypto path: a key import and a thread-pool round
   * trip, ~20 % of a GET /auth/current under load, bench/load/README.md). Expiry is still checked on every
   * use, and revocation never depended on this: AuthService compares the account's token version in the
   * database on every request. fast-jwt's verifier cache (@fastify/jwt) does the same.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; exp: number }>();

  /** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired when exp <= now (whole seconds, no tolerance).
      if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALG], issuer: ISSUER });
      if (typeof payload.sub !== 'string' || !isRole(payload.role) || !Number.isInteger(payload.tv)) {
        return null;
      }
      const claims: TokenClaims = Object.freeze({
        userId: payload.sub,
        role: payload.role,
        tokenVersion: payload.tv as number,
      });
      this.remember(token, claims, payload.exp ?? Number.POSITIVE_INFINITY);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  private remember(token: string, claims: TokenClaims, exp: number): void {
    if (this.verified.size >= this.keep) {
      // Map iterates in insertion order: the first key is the oldest.
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, exp });
  }

  /** How many verified tokens are remembered (tests). */
  get rememberedTokens(): number {
    return this.verified.size;
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
