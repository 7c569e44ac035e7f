import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import {
  canUseTwoFactor,
  decideTotp,
  formatRecoveryCode,
  mustEnrolTwoFactor,
  normaliseRecoveryCode,
  normaliseTotpCode,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  totpStep,
  type Role,
} from '@visus/core';
import {
  TOO_MANY_LOGIN_FAILURES,
  TWO_FACTOR_CODE_WRONG,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@visus/contracts';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { hashToken } from '../../plugins/app/auth/tokens';
import type { PasswordHasher } from '../../plugins/app/auth/password';
import { accountKey, LoginThrottleRepository } from '../auth/login-throttle.repository';
import type { AccountCache } from '../users/account-cache';
import { SecretBox } from './secret-box';
import { TwoFactorRepository } from './two-factor.repository';

export const TWO_FACTOR_NOT_FOR_ROLE = 'Two-step sign-in is for clinicians and admins';
export const TWO_FACTOR_ALREADY_ON = 'Two-step sign-in is already on';
export const TWO_FACTOR_NOT_ON = 'Two-step sign-in is not on';
export const TWO_FACTOR_NOT_STARTED = 'Start the set-up again: no code was asked for';
export const TWO_FACTOR_REQUIRED_FOR_ROLE =
  'Two-step sign-in is required for your role and cannot be turned off';
export const PASSWORD_WRONG = 'Password is incorrect';

/** The window in which failed code checks count, as failed sign-ins do (AuthService). */
const FAILURE_WINDOW_MS = 60 * 60_000;

export interface TwoFactorServiceDeps {
  db: Kysely<Database>;
  /** The server secret the TOTP secrets are sealed under (never stored in the database). */
  serverSecret: string;
  passwords: PasswordHasher;
  accounts: AccountCache;
  /** Roles that must have it on (REQUIRE_2FA_FOR). */
  requiredFor: readonly Role[];
  /** Failed code checks allowed per account per hour: the same allowance (and count) as failed sign-ins. */
  failuresPerAccountPerHour: number;
  /** Shown in the authenticator app beside the account's email. */
  issuer?: string;
  now?: () => Date;
}

/**
 * Two-step sign-in with TOTP (RFC 6238) and one-time recovery codes (docs/adr/0023-two-step-sign-in.md).
 * The maths of a code is otpauth's; which codes are accepted (window, reuse) is core's decideTotp.
 */
export class TwoFactorService {
  readonly repository: TwoFactorRepository;
  private readonly box: SecretBox;
  private readonly throttle: LoginThrottleRepository;
  private readonly now: () => Date;

  constructor(private readonly deps: TwoFactorServiceDeps) {
    this.repository = new TwoFactorRepository(deps.db);
    this.box = new SecretBox(deps.serverSecret);
    this.throttle = new LoginThrottleRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
  }

  get requiredFor(): readonly Role[] {
    return this.deps.requiredFor;
  }

  /** True when this account may only set up two-step sign-in (its role requires it and it is off). */
  mustEnrol(user: UserRow): boolean {
    return mustEnrolTwoFactor(user.role, user.two_factor_enabled_at !== null, this.deps.requiredFor);
  }

  isRequired(user: Pick<UserRow, 'role'>): boolean {
    return this.deps.requiredFor.includes(user.role);
  }

  async status(user: UserRow): Promise<TwoFactorStatus> {
    const enabled = user.two_factor_enabled_at !== null;
    return {
      available: canUseTwoFactor(user.role),
      enabled,
      required: this.isRequired(user),
      recoveryCodesLeft: enabled ? await this.repository.recoveryCodesLeft(user.id) : 0,
    };
  }

  /** A new secret (160 bits, RFC 4226's recommendation) kept pending until a code from it is confirmed. */
  async startEnrolment(user: UserRow): Promise<TwoFactorEnrolment> {
    if (!canUseTwoFactor(user.role)) throw new HttpError(403, TWO_FACTOR_NOT_FOR_ROLE);
    if (user.two_factor_enabled_at !== null) throw new HttpError(409, TWO_FACTOR_ALREADY_ON);
    const secret = new Secret({ size: 20 });
    if (!(await this.repository.setPendingSecret(user.id, this.box.seal(secret.base32, user.id)))) {
      throw new HttpError(409, TWO_FACTOR_ALREADY_ON);
    }
    this.deps.accounts.forget(user.id);
    return { secret: secret.base32, uri: this.totp(secret.base32, user.email).toString() };
  }

  /** Turns it on with a code from the pending secret; answers the recovery codes (shown once). */
  async confirmEnrolment(user: UserRow, code: string): Promise<string[]> {
    if (!canUseTwoFactor(user.role)) throw new HttpError(403, TWO_FACTOR_NOT_FOR_ROLE);
    const account = await this.repository.findAccount(user.id);
    if (!account) throw new HttpError(404, 'Account not found');
    if (account.two_factor_enabled_at !== null) throw new HttpError(409, TWO_FACTOR_ALREADY_ON);
    const secret = account.two_factor_secret && this.box.open(account.two_factor_secret, account.id);
    if (!secret) throw new HttpError(409, TWO_FACTOR_NOT_STARTED);
    return this.throttled(account, async () => {
      const decision = this.decide(secret, account.email, code, null);
      if (!decision.ok) return null;
      const codes = recoveryCodes();
      const enabled = await this.repository.enable(
        account.id,
        decision.step,
        codes.map(hashRecovery),
        this.now(),
      );
      this.deps.accounts.forget(account.id);
      if (!enabled) throw new HttpError(409, TWO_FACTOR_ALREADY_ON);
      return codes;
    });
  }

  /**
   * The second step of a sign-in (and the proof asked before turning it off or making new recovery codes):
   * a current TOTP code not used before, or an unused recovery code, which is then used up. Counted like
   * failed sign-ins (same table, same allowance): past it, 429 even for a right code.
   */
  async verify(user: UserRow, code: string): Promise<void> {
    await this.throttled(user, () => this.useCode(user, code));
  }

  /** Turns it off: needs the password and a code; refused while the role requires it. */
  async disable(user: UserRow, password: string, code: string): Promise<void> {
    if (user.two_factor_enabled_at === null) throw new HttpError(409, TWO_FACTOR_NOT_ON);
    if (this.isRequired(user)) throw new HttpError(409, TWO_FACTOR_REQUIRED_FOR_ROLE);
    await this.throttled(user, async () => {
      if (!(await this.deps.passwords.verify(user.password_hash, password))) {
        throw new HttpError(400, PASSWORD_WRONG);
      }
      return this.useCode(user, code);
    });
    await this.repository.disable(user.id, this.now());
    this.deps.accounts.forget(user.id);
  }

  /** New recovery codes for a current code; the old ones stop working. */
  async regenerateRecoveryCodes(user: UserRow, code: string): Promise<string[]> {
    if (user.two_factor_enabled_at === null) throw new HttpError(409, TWO_FACTOR_NOT_ON);
    await this.verify(user, code);
    const codes = recoveryCodes();
    await this.repository.replaceRecoveryCodes(user.id, codes.map(hashRecovery));
    return codes;
  }

  /**
   * Runs a code check counted as a failed sign-in of the account until it succeeds. The attempt is
   * recorded before the check (as AuthService.login does), so that many guesses sent at once cannot all
   * pass the count. `check` answers null (or false) for a wrong code: 400 TWO_FACTOR_CODE_WRONG.
   */
  private async throttled<T>(user: UserRow, check: () => Promise<T | null | false>): Promise<T> {
    const key = accountKey(user.email);
    const now = this.now();
    const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
    await this.throttle.recordFailure(key, now, windowStart);
    if ((await this.throttle.failuresSince(key, windowStart)) > this.deps.failuresPerAccountPerHour) {
      throw new HttpError(429, TOO_MANY_LOGIN_FAILURES);
    }
    const outcome = await check();
    if (outcome === null || outcome === false) throw new HttpError(400, TWO_FACTOR_CODE_WRONG);
    await this.throttle.clear(key);
    return outcome;
  }

  /** True when `typed` was a valid code of the account, now used up. */
  private async useCode(user: UserRow, typed: string): Promise<boolean> {
    const account = await this.repository.findAccount(user.id);
    if (!account || account.two_factor_enabled_at === null || !account.two_factor_secret) return false;
    const digits = normaliseTotpCode(typed);
    if (digits !== null) {
      const secret = this.box.open(account.two_factor_secret, account.id);
      if (!secret) return false;
      const decision = this.decide(secret, account.email, digits, account.two_factor_last_step);
      return decision.ok && (await this.repository.useStep(account.id, decision.step));
    }
    const recovery = normaliseRecoveryCode(typed);
    if (recovery === null) return false;
    return this.repository.useRecoveryCode(account.id, hashToken(recovery), this.now());
  }

  private decide(secret: string, email: string, digits: string, lastUsedStep: number | null) {
    const nowMs = this.now().getTime();
    const delta = this.totp(secret, email).validate({ token: digits, timestamp: nowMs, window: TOTP_WINDOW });
    return decideTotp(delta, totpStep(nowMs), lastUsedStep);
  }

  private totp(secret: string, email: string): TOTP {
    return new TOTP({
      issuer: this.deps.issuer ?? 'Visus',
      label: email,
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_S,
      secret: Secret.fromBase32(secret),
    });
  }
}

/** RECOVERY_CODE_COUNT fresh codes from the CSPRNG. */
function recoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(crypto.randomBytes(RECOVERY_CODE_LENGTH)),
  );
}

/**
 * A recovery code is stored as the SHA-256 of its normalised form: 80 random bits make trying every code
 * against a leaked hash hopeless, so a slow hash (argon2) would only slow each sign-in by ten checks.
 */
function hashRecovery(code: string): string {
  return hashToken(normaliseRecoveryCode(code)!);
}
