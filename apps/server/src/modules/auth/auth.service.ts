import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, type Language, type Role } from '@visus/core';
import {
  INVALID_LOGIN,
  INVITE_INVALID,
  SECOND_STEP_EXPIRED,
  TOO_MANY_LOGIN_FAILURES,
  REGISTRATION_BY_INVITE_ONLY,
  TOKEN_NOT_VALID,
  type CurrentUser,
  type InvitePreview,
} from '@visus/contracts';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { AccountCache } from '../users/account-cache';
import { DuplicateEmailError, UsersRepository } from '../users/users.repository';
import { PasswordResetsRepository } from './password-resets.repository';
import { accountKey, LoginThrottleRepository } from './login-throttle.repository';
import { InvitesRepository } from '../invites/invites.repository';
import { PasswordWorkBusyError, type PasswordHasher } from '../../plugins/app/auth/password';
import { TokenService, hashToken, randomToken } from '../../plugins/app/auth/tokens';
import type { Mailer } from '../../plugins/external/mailer';
import { resetPasswordMail } from '../../lib/mail-templates';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import type { SecondStepTickets } from '../two-factor/second-step-tickets';

/** How long a password-reset link works (issue: 30 minutes). */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** The window in which failed sign-ins of one account are counted. */
export const LOGIN_FAILURE_WINDOW_MS = 60 * 60_000;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. The link works for 30 minutes.';
export const RESET_LINK_INVALID = 'Password reset link is invalid or has expired';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const INVITE_FOR_OTHER_EMAIL = 'This invite was sent to another email address';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  /** Every argon2 hash and check, bounded (config.passwordHashing). */
  passwords: PasswordHasher;
  mailer: Mailer;
  publicUrl: string;
  /** `invite`: only people with a valid invite may register (DESIGN.md §3 REGISTRATION). */
  registration: 'open' | 'invite';
  /** Failed sign-ins allowed per account per hour before it is throttled (ASVS V2.2.1: ≤ 100). */
  loginFailuresPerAccountPerHour: number;
  /**
   * Accounts behind recent token checks, shared with every other writer of accounts (AdminService);
   * absent: none kept (every check reads the database). docs/adr/0015-account-cache.md.
   */
  accounts?: AccountCache;
  /** Two-step sign-in: code checks, and who must set it up (docs/adr/0023-two-step-sign-in.md). */
  twoFactor: TwoFactorService;
  /** Tickets between the password and the code of an account with two-step sign-in on. */
  tickets: SecondStepTickets;
  now?: () => Date;
  /** Called when work after an answer fails (storing or mailing a reset link): never the client's problem. */
  onMailError?: (error: unknown) => void;
}

/**
 * Maps a stored account to the API's shape (`_id` is the spec's name for the id); `requiredFor`: the
 * roles that must have two-step sign-in on (REQUIRE_2FA_FOR).
 */
export function toCurrentUser(row: UserRow, requiredFor: readonly Role[] = []): CurrentUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    dob: row.dob,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    twoFactor: { enabled: row.two_factor_enabled_at !== null, required: requiredFor.includes(row.role) },
    language: row.language,
  };
}

/** A sign-in's outcome: a session token, or (two-step sign-in on) the ticket for the second step. */
export type LoginOutcome =
  | { readonly token: string; readonly secondStep?: undefined }
  | { readonly token?: undefined; readonly secondStep: { ticket: string; expiresAt: string } };

/** Accounts and sign-in: every decision of the /auth routes. */
/** A password set: the new token, and the account whose older tokens it revoked (their new version). */
export interface PasswordChanged {
  readonly token: string;
  readonly userId: string;
  readonly tokenVersion: number;
}

export class AuthService {
  readonly users: UsersRepository;
  readonly passwords: PasswordHasher;
  private readonly resets: PasswordResetsRepository;
  private readonly invites: InvitesRepository;
  private readonly throttle: LoginThrottleRepository;
  private readonly now: () => Date;
  private readonly pendingMail = new Set<Promise<void>>();
  readonly accounts: AccountCache;

  /** Two-step sign-in of the accounts (the guard asks it who must enrol first). */
  get twoFactor(): TwoFactorService {
    return this.deps.twoFactor;
  }

  constructor(private readonly deps: AuthServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.passwords = deps.passwords;
    this.resets = new PasswordResetsRepository(deps.db);
    this.invites = new InvitesRepository(deps.db);
    this.throttle = new LoginThrottleRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
    this.accounts = deps.accounts ?? new AccountCache(0);
  }

  private issueToken(user: Pick<UserRow, 'id' | 'role' | 'token_version'>): Promise<string> {
    return this.deps.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.token_version });
  }

  /**
   * Creates an account and signs it in. With an invite code the invite must be pending and sent to
   * this email; the account gets the invite's role and the invite is used up in the same transaction.
   * With REGISTRATION=invite a code is required.
   */
  async register(input: {
    name: string;
    email: string;
    password: string;
    dob: string;
    inviteCode?: string | undefined;
  }): Promise<string> {
    if (!input.inviteCode && this.deps.registration === 'invite')
      throw new HttpError(403, REGISTRATION_BY_INVITE_ONLY);
    if (await this.users.findByEmail(input.email)) throw new HttpError(409, EMAIL_TAKEN);
    const passwordHash = await this.passwords.hash(input.password);
    const now = this.now();
    try {
      const user = await this.deps.db.transaction().execute(async (trx) => {
        let role: Role = 'user';
        if (input.inviteCode) {
          const invite = await this.invites.findUsable(hashToken(input.inviteCode), now, trx);
          if (!invite) throw new HttpError(400, INVITE_INVALID);
          if (invite.email.toLowerCase() !== input.email.toLowerCase())
            throw new HttpError(400, INVITE_FOR_OTHER_EMAIL);
          if (!(await this.invites.markUsed(invite.id, now, trx))) throw new HttpError(400, INVITE_INVALID);
          role = invite.role;
        }
        return new UsersRepository(trx).create({
          email: input.email,
          name: input.name,
          passwordHash,
          role,
          dob: input.dob,
        });
      });
      return await this.issueToken(user);
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw new HttpError(409, EMAIL_TAKEN);
      throw error;
    }
  }

  /** What a registration link pre-fills; 404 for a code that is not (or no longer) usable. */
  async previewInvite(code: string): Promise<InvitePreview> {
    const invite = await this.invites.findUsable(hashToken(code), this.now());
    if (!invite) throw new HttpError(404, INVITE_INVALID);
    return { email: invite.email, role: invite.role, expiresAt: invite.expires_at.toISOString() };
  }

  /**
   * Same answer, in similar time, for an unknown email and a wrong password. Failures are counted per
   * account (known or not, so the throttle reveals nothing): past the hourly allowance every attempt is
   * refused with 429, even with the right password, until the window slides or the password is reset.
   */
  async login(email: string, password: string): Promise<LoginOutcome> {
    const key = accountKey(email);
    const now = this.now();
    const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    // The attempt is counted before the (slow) password check, so that many guesses sent at once cannot
    // all pass the count; a successful sign-in clears it again.
    const attempt = await this.throttle.recordFailure(key, now, windowStart);
    if ((await this.throttle.failuresSince(key, windowStart)) > this.deps.loginFailuresPerAccountPerHour) {
      throw new HttpError(429, TOO_MANY_LOGIN_FAILURES);
    }
    const user = await this.users.findByEmail(email);
    let matches: boolean;
    try {
      // An unknown email waits in the same queue and spends the same hashing time as a known one.
      if (user) matches = await this.passwords.verify(user.password_hash, password);
      else {
        await this.passwords.burn(password);
        matches = false;
      }
    } catch (error) {
      // Refused before any password was checked (503): this attempt guessed nothing, so it does not count.
      if (error instanceof PasswordWorkBusyError) await this.throttle.forgetAttempt(attempt);
      throw error;
    }
    if (!user || !matches) throw new HttpError(401, INVALID_LOGIN);
    if (user.two_factor_enabled_at !== null) {
      // No session before the code: only a ticket for the second step. The attempt stays counted until a
      // right code clears it, so a known password does not buy unlimited code guesses.
      const issued = await this.deps.tickets.issue(
        { userId: user.id, tokenVersion: user.token_version },
        now,
      );
      return { secondStep: { ticket: issued.ticket, expiresAt: issued.expiresAt.toISOString() } };
    }
    await this.throttle.clear(key);
    return { token: await this.issueToken(user) };
  }

  /**
   * The second step of a sign-in: the ticket from the password step and a code (TOTP or recovery). A
   * ticket that expired, or whose account changed its password or turned two-step sign-in off since, is
   * refused with SECOND_STEP_EXPIRED (401): sign in again. Wrong codes count as failed sign-ins.
   */
  async loginSecondStep(ticket: string, code: string): Promise<string> {
    const claims = await this.deps.tickets.read(ticket, this.now());
    if (!claims) throw new HttpError(401, SECOND_STEP_EXPIRED);
    const user = await this.users.findById(claims.userId);
    if (!user || user.token_version !== claims.tokenVersion || user.two_factor_enabled_at === null) {
      throw new HttpError(401, SECOND_STEP_EXPIRED);
    }
    await this.deps.twoFactor.verify(user, code);
    return this.issueToken(user);
  }

  /** The API's view of an account, with whether two-step sign-in is required for it. */
  currentUser(row: UserRow): CurrentUser {
    return toCurrentUser(row, this.deps.twoFactor.requiredFor);
  }

  /** The account behind a token, if the token is valid and not revoked. */
  async authenticate(token: string): Promise<UserRow> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) throw new HttpError(401, TOKEN_NOT_VALID);
    const user = await this.accounts.get(claims.userId, (id) => this.users.findById(id));
    // A token of a deleted account, or one issued before a password change, is dead.
    if (!user || user.token_version !== claims.tokenVersion) throw new HttpError(401, TOKEN_NOT_VALID);
    return user;
  }

  /**
   * Mails a reset link if the account exists, without telling whether it does. Before the answer every
   * email costs the same: one lookup. All that only an account needs — the link, its stored hash, the
   * mail — waits for `answered` (the route passes "the answer has been sent"), so neither the database
   * write nor the mail transport can delay the answer. Failures after the answer are only reported
   * (onMailError): they are never the client's problem.
   */
  async forgotPassword(email: string, answered: PromiseLike<unknown> = Promise.resolve()): Promise<void> {
    const user = await this.users.findByEmail(email);
    this.afterAnswer(answered, user ? () => this.mailResetLink(user) : undefined);
  }

  private async mailResetLink(user: UserRow): Promise<void> {
    const token = randomToken();
    const now = this.now();
    await this.resets.create(user.id, hashToken(token), new Date(now.getTime() + RESET_TOKEN_TTL_MS), now);
    await this.deps.mailer.send({
      to: user.email,
      ...resetPasswordMail(user.language ?? DEFAULT_LANGUAGE, {
        name: user.name,
        link: `${this.deps.publicUrl}/reset-password/${token}`,
      }),
    });
  }

  /** Runs `work` once `answered` resolves, tracked so that flushMail can wait for it. */
  private afterAnswer(answered: PromiseLike<unknown>, work: (() => Promise<void>) | undefined): void {
    const pending: Promise<void> = Promise.resolve(answered)
      .then(() => work?.())
      .catch((error: unknown) => this.deps.onMailError?.(error))
      .finally(() => this.pendingMail.delete(pending));
    this.pendingMail.add(pending);
  }

  /** Waits for work still running after an answer: reset links being stored and mailed (shutdown, tests). */
  async flushMail(): Promise<void> {
    await Promise.all([...this.pendingMail]);
  }

  /**
   * Sets a new password from a reset link; the link is single use and revokes all older tokens. Answers
   * the new token and what was revoked (the account and its new token version, for the account socket).
   */
  async resetPassword(token: string, password: string): Promise<PasswordChanged> {
    const passwordHash = await this.passwords.hash(password);
    const user = await this.deps.db.transaction().execute(async (trx) => {
      const userId = await this.resets.consume(hashToken(token), this.now(), trx);
      return userId ? this.users.setPassword(userId, passwordHash, trx) : undefined;
    });
    if (!user) throw new HttpError(400, RESET_LINK_INVALID);
    this.accounts.forget(user.id); // committed: older tokens fail from the next request on
    // Whoever can read the account's mail may sign in again at once.
    await this.throttle.clear(accountKey(user.email));
    return { token: await this.issueToken(user), userId: user.id, tokenVersion: user.token_version };
  }

  /** Changes the password of a signed-in account; other sessions are signed out. */
  async updatePassword(
    user: UserRow,
    currentPassword: string,
    newPassword: string,
  ): Promise<PasswordChanged> {
    if (!(await this.passwords.verify(user.password_hash, currentPassword))) {
      throw new HttpError(400, CURRENT_PASSWORD_WRONG);
    }
    const passwordHash = await this.passwords.hash(newPassword);
    let updated;
    try {
      updated = await this.users.setPassword(user.id, passwordHash);
    } finally {
      this.accounts.forget(user.id);
    }
    if (!updated) throw new HttpError(401, TOKEN_NOT_VALID);
    return { token: await this.issueToken(updated), userId: updated.id, tokenVersion: updated.token_version };
  }

  async updateDetails(
    user: UserRow,
    details: {
      name?: string | undefined;
      email?: string | undefined;
      dob?: string | undefined;
      language?: Language | undefined;
    },
  ): Promise<CurrentUser> {
    if (details.email !== undefined && details.email !== user.email) {
      const other = await this.users.findByEmail(details.email);
      if (other && other.id !== user.id) throw new HttpError(409, EMAIL_TAKEN);
    }
    try {
      let updated;
      try {
        updated = await this.users.updateDetails(user.id, details);
      } finally {
        this.accounts.forget(user.id);
      }
      if (!updated) throw new HttpError(401, TOKEN_NOT_VALID);
      return this.currentUser(updated);
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw new HttpError(409, EMAIL_TAKEN);
      throw error;
    }
  }

  async deleteAccount(user: UserRow): Promise<void> {
    try {
      await this.users.delete(user.id);
    } finally {
      this.accounts.forget(user.id);
    }
  }
}
