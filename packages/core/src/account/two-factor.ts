import type { Role } from './roles';

/**
 * Two-step sign-in (issue 19 item 7, docs/adr/0023-two-step-sign-in.md): the pure rules. Computing a
 * TOTP code (RFC 6238: HMAC-SHA1 over the step number) is the otpauth library's job on the server; what
 * is ours is which roles may use it, which step a code may belong to, and the shape of recovery codes.
 */

/** Roles that see other people's data and so may (or may be required to) turn on two-step sign-in. */
export const TWO_FACTOR_ROLES = ['admin', 'clinician'] as const satisfies readonly Role[];
export type TwoFactorRole = (typeof TWO_FACTOR_ROLES)[number];

/** True when `role` may turn on two-step sign-in. Plain users and testers see only their own data. */
export function canUseTwoFactor(role: Role): role is TwoFactorRole {
  return (TWO_FACTOR_ROLES as readonly Role[]).includes(role);
}

/**
 * True when an account must set up two-step sign-in before it may do anything else: its role is one the
 * operator requires it for (REQUIRE_2FA_FOR) and it has not turned it on.
 */
export function mustEnrolTwoFactor(role: Role, enabled: boolean, requiredFor: readonly Role[]): boolean {
  return !enabled && requiredFor.includes(role);
}

/** Seconds per TOTP step (RFC 6238's default, what every authenticator app assumes). */
export const TOTP_PERIOD_S = 30;
/** Steps accepted either side of the current one: ±1 step absorbs ±30 s of clock drift and typing time. */
export const TOTP_WINDOW = 1;

/**
 * The TOTP step number at `nowMs` (ms since the Unix epoch): T = floor(now / 1000 / period) (RFC 6238 §4).
 */
export function totpStep(nowMs: number, periodS: number = TOTP_PERIOD_S): number {
  return Math.floor(nowMs / 1000 / periodS);
}

export type TotpDecision =
  { readonly ok: true; readonly step: number } | { readonly ok: false; readonly reason: 'wrong' | 'reused' };

/**
 * Decides on a TOTP code once the library has compared it with the codes of the steps around now.
 * `delta` is the offset (in steps) of the step whose code matched, null when none within the window did;
 * `lastUsedStep` the step of the last code this account used (null: none yet).
 *
 * A code is accepted once: its step must be after the last used one. That refuses the same code sent
 * twice within its 90-second life, and also an older code after a newer one was used (an attacker who saw
 * the code typed a minute ago gains nothing). |delta| > window is refused even if the library matched it.
 */
export function decideTotp(
  delta: number | null,
  currentStep: number,
  lastUsedStep: number | null,
  window: number = TOTP_WINDOW,
): TotpDecision {
  if (delta === null || Math.abs(delta) > window) return { ok: false, reason: 'wrong' };
  const step = currentStep + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: 'reused' };
  return { ok: true, step };
}

/** How many recovery codes an account gets at once. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * Letters of a recovery code: 16 from Crockford's base-32 alphabet = 80 random bits, so a stored SHA-256
 * of a code cannot be reversed by trying every code (2^80 tries). Crockford's alphabet leaves out i, l, o
 * and u; a typed i or l is read as 1 and o as 0, so a code copied off paper still works.
 */
export const RECOVERY_CODE_LENGTH = 16;
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A recovery code from `RECOVERY_CODE_LENGTH` random bytes (`bytes`, each 0–255, from a CSPRNG): each
 * byte picks a letter by its low 5 bits (256 is a multiple of 32: no bias), shown in groups of four.
 */
export function formatRecoveryCode(bytes: ArrayLike<number>): string {
  if (bytes.length < RECOVERY_CODE_LENGTH) {
    throw new RangeError(`formatRecoveryCode needs ${RECOVERY_CODE_LENGTH} bytes`);
  }
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    if (i > 0 && i % 4 === 0) code += '-';
    code += CROCKFORD[bytes[i]! & 31];
  }
  return code;
}

/**
 * A typed recovery code as it is stored (lower case, no spaces or dashes, i/l read as 1 and o as 0), or
 * null when it cannot be one. People copy codes with spaces, dashes or in capitals: all are the same code.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const plain = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (plain.length !== RECOVERY_CODE_LENGTH) return null;
  for (const letter of plain) if (!CROCKFORD.includes(letter)) return null;
  return plain;
}

/** The six digits of an authenticator code as typed ("123 456" as apps show it), or null if it is not one. */
export function normaliseTotpCode(typed: string): string | null {
  const plain = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(plain) ? plain : null;
}
