import { describe, expect, it } from 'vitest';
import {
  canUseTwoFactor,
  decideTotp,
  formatRecoveryCode,
  mustEnrolTwoFactor,
  normaliseRecoveryCode,
  normaliseTotpCode,
  RECOVERY_CODE_LENGTH,
  totpStep,
} from './two-factor';

describe('two-step sign-in rules', () => {
  it('is for the roles that see other people’s data', () => {
    expect(canUseTwoFactor('admin')).toBe(true);
    expect(canUseTwoFactor('clinician')).toBe(true);
    expect(canUseTwoFactor('user')).toBe(false);
    expect(canUseTwoFactor('tester')).toBe(false);
  });

  it('requires enrolment only for a required role that has not turned it on', () => {
    expect(mustEnrolTwoFactor('admin', false, ['admin'])).toBe(true);
    expect(mustEnrolTwoFactor('admin', true, ['admin'])).toBe(false);
    expect(mustEnrolTwoFactor('clinician', false, ['admin'])).toBe(false);
    expect(mustEnrolTwoFactor('admin', false, [])).toBe(false);
  });

  it('numbers 30-second steps from the epoch (RFC 6238 test vector T = 59 s → step 1)', () => {
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(1_111_111_109_000)).toBe(0x23523ec);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
  });

  it('accepts a code from the step before, now or after, once', () => {
    expect(decideTotp(0, 100, null)).toEqual({ ok: true, step: 100 });
    expect(decideTotp(-1, 100, null)).toEqual({ ok: true, step: 99 });
    expect(decideTotp(1, 100, 99)).toEqual({ ok: true, step: 101 });
  });

  it('refuses a code that matched no step, or one beyond ±1 step', () => {
    expect(decideTotp(null, 100, null)).toEqual({ ok: false, reason: 'wrong' });
    expect(decideTotp(2, 100, null)).toEqual({ ok: false, reason: 'wrong' });
    expect(decideTotp(-2, 100, null)).toEqual({ ok: false, reason: 'wrong' });
  });

  it('refuses the same code again, and an older code after a newer one was used', () => {
    expect(decideTotp(0, 100, 100)).toEqual({ ok: false, reason: 'reused' });
    // Used at step 100 (code of step 100); 30 s later the code of step 100 is still within the window.
    expect(decideTotp(-1, 101, 100)).toEqual({ ok: false, reason: 'reused' });
    expect(decideTotp(-1, 100, 100)).toEqual({ ok: false, reason: 'reused' });
    expect(decideTotp(0, 101, 100)).toEqual({ ok: true, step: 101 });
  });

  it('formats recovery codes from random bytes in groups of four, unbiased by the low 5 bits', () => {
    const bytes = Array.from({ length: RECOVERY_CODE_LENGTH }, (_, i) => i * 17);
    const code = formatRecoveryCode(bytes);
    expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    expect(formatRecoveryCode(new Uint8Array(16).fill(0))).toBe('0000-0000-0000-0000');
    expect(formatRecoveryCode(new Uint8Array(16).fill(255))).toBe('zzzz-zzzz-zzzz-zzzz');
    expect(formatRecoveryCode(new Uint8Array(16).fill(32))).toBe('0000-0000-0000-0000');
    expect(() => formatRecoveryCode([1, 2, 3])).toThrow(RangeError);
  });

  it('reads a recovery code typed with spaces, capitals or look-alike letters as the stored one', () => {
    const code = formatRecoveryCode(Array.from({ length: 16 }, (_, i) => i * 7));
    const stored = normaliseRecoveryCode(code);
    expect(stored).toBe(code.replace(/-/g, ''));
    expect(normaliseRecoveryCode(` ${code.toUpperCase().replace(/-/g, ' ')} `)).toBe(stored);
    expect(normaliseRecoveryCode('0000-1111-0000-1111')).toBe(normaliseRecoveryCode('oooo-IIII-OOOO-llll'));
    expect(normaliseRecoveryCode('abcd-efgh')).toBeNull();
    expect(normaliseRecoveryCode('uuuu-uuuu-uuuu-uuuu')).toBeNull();
  });

  it('reads authenticator codes as six digits', () => {
    expect(normaliseTotpCode('123 456')).toBe('123456');
    expect(normaliseTotpCode('12345')).toBeNull();
    expect(normaliseTotpCode('12345a')).toBeNull();
  });
});
