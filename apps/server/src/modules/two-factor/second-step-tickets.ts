import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** How long the second step may take after the password was accepted. */
export const SECOND_STEP_TTL_S = 5 * 60;
const AUDIENCE = 'visus-second-step';

/** Who passed the password check: the account and its token generation (a password change voids it). */
export interface SecondStepClaims {
  userId: string;
  tokenVersion: number;
}

/**
 * The ticket between the two steps of a sign-in: proof that the password was right, good for nothing but
 * POST /auth/login/second-step. Signed with its own key (HKDF of the server secret, not the session key)
 * and its own audience, so a ticket is never accepted as a session token, nor a session token as a ticket.
 */
export class SecondStepTickets {
  private readonly key: crypto.KeyObject;

  constructor(serverSecret: string) {
    this.key = crypto.createSecretKey(
      Buffer.from(
        crypto.hkdfSync('sha256', Buffer.from(serverSecret, 'utf8'), 'visus', 'second-step ticket v1', 32),
      ),
    );
  }

  /** A ticket and when it expires. */
  async issue(claims: SecondStepClaims, now: Date): Promise<{ ticket: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const ticket = await new SignJWT({ tv: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + SECOND_STEP_TTL_S)
      .sign(this.key);
    return { ticket, expiresAt: new Date((iat + SECOND_STEP_TTL_S) * 1000) };
  }

  /** The claims of a valid, unexpired ticket; null for anything else. */
  async read(ticket: string, now: Date): Promise<SecondStepClaims | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || !Number.isInteger(payload.tv)) return null;
      return { userId: payload.sub, tokenVersion: payload.tv as number };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
