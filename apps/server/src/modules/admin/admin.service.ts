import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@visus/core';
import {
  INVITE_TTL_DAYS_DEFAULT,
  LAST_ADMIN_ERROR,
  RESET_OWN_TWO_FACTOR_ERROR,
  TWO_FACTOR_NOT_ON_FOR_ACCOUNT,
  USER_EXISTS_FOR_INVITE,
  type AdminDashboard,
  type AdminUser,
  type CreatedInvite,
  type Invite,
  type InviteList,
  type InviteStatus,
  type UserList,
} from '@visus/contracts';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { Mailer } from '../../plugins/external/mailer';
import { inviteMail, twoFactorResetMail } from '../../lib/mail-templates';
import { hashToken, randomToken } from '../../plugins/app/auth/tokens';
import type { AccountCache } from '../users/account-cache';
import { UsersRepository } from '../users/users.repository';
import { toCurrentUser } from '../auth/auth.service';
import { InvitesRepository, inviteStatus, type InviteWithCreator } from '../invites/invites.repository';
import { TwoFactorRepository } from '../two-factor/two-factor.repository';
import { AdminUsersRepository, LastAdminError, type UserWithLastTest } from './admin-users.repository';

const DAY_MS = 24 * 60 * 60_000;

export interface AdminServiceDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  registration: 'open' | 'invite';
  log: FastifyBaseLogger;
  /** The token checks' accounts (shared with AuthService): every change here is forgotten there. */
  accounts?: AccountCache;
  inviteTtlDays?: number;
  now?: () => Date;
}

function toAdminUser(row: UserWithLastTest): AdminUser {
  const { _id, name, email, role, dob, createdAt } = toCurrentUser(row);
  return {
    _id,
    name,
    email,
    role,
    dob,
    createdAt,
    lastTestAt: row.last_test_at ? new Date(row.last_test_at).toISOString() : null,
    twoFactorOn: row.two_factor_enabled_at !== null,
  };
}

function toInvite(row: InviteWithCreator, now: Date): Invite {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    status: inviteStatus(row, now),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    usedAt: row.used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    createdBy: row.created_by_name,
  };
}

/** Pages are 1-based; asking past the last page is a client error, not an empty success (issue 8). */
function pageWindow(page: number, limit: number, total: number): void {
  const lastPage = Math.max(1, Math.ceil(total / limit));
  if (page > lastPage) {
    throw new HttpError(400, `Page ${page} is past the end: the last page is ${lastPage}`);
  }
}

/**
 * Decisions of the admin screens. Every change is logged with the acting admin and the target, so
 * that an audit can reconstruct who did what (no personal data beyond ids and roles in the log).
 */
export class AdminService {
  private readonly users: UsersRepository;
  private readonly adminUsers: AdminUsersRepository;
  private readonly invites: InvitesRepository;
  private readonly twoFactor: TwoFactorRepository;
  private readonly now: () => Date;

  constructor(private readonly deps: AdminServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.adminUsers = new AdminUsersRepository(deps.db);
    this.invites = new InvitesRepository(deps.db);
    this.twoFactor = new TwoFactorRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
  }

  async listUsers(query: { search?: string | undefined; page: number; limit: number }): Promise<UserList> {
    const { rows, total } = await this.adminUsers.list({
      search: query.search || undefined,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    pageWindow(query.page, query.limit, total);
    return { users: rows.map(toAdminUser), total, page: query.page, limit: query.limit };
  }

  async setRole(admin: UserRow, targetId: string, role: Role): Promise<AdminUser> {
    try {
      const updated = await this.adminUsers.setRole(targetId, role);
      if (!updated) throw new HttpError(404, 'User not found');
    } catch (error) {
      this.deps.accounts?.forget(targetId);
      if (error instanceof LastAdminError) throw new HttpError(409, LAST_ADMIN_ERROR);
      throw error;
    }
    this.deps.accounts?.forget(targetId); // committed: the next request sees the new role
    this.deps.log.info({ audit: 'role-change', adminId: admin.id, targetId, role }, 'admin changed a role');
    return toAdminUser((await this.adminUsers.findWithLastTest(targetId))!);
  }

  async deleteUser(admin: UserRow, targetId: string): Promise<void> {
    try {
      if (!(await this.adminUsers.delete(targetId))) throw new HttpError(404, 'User not found');
    } catch (error) {
      this.deps.accounts?.forget(targetId);
      if (error instanceof LastAdminError) throw new HttpError(409, LAST_ADMIN_ERROR);
      throw error;
    }
    this.deps.accounts?.forget(targetId); // committed: the account's tokens fail from the next request on
    this.deps.log.info({ audit: 'account-delete', adminId: admin.id, targetId }, 'admin deleted an account');
  }

  /**
   * Resets two-step sign-in for someone who lost both their authenticator and their recovery codes: the
   * secret and the codes are gone, so their next sign-in asks for the password only (and, where their
   * role requires two-step sign-in, sets it up again). The admin checks who is asking outside Visus first
   * (docs/security.md). Never one's own (that takes the password and a code, on the profile). The account
   * is mailed, so a reset nobody asked for does not go unnoticed.
   */
  async resetTwoFactor(admin: UserRow, targetId: string): Promise<AdminUser> {
    if (targetId === admin.id) throw new HttpError(409, RESET_OWN_TWO_FACTOR_ERROR);
    const target = await this.users.findById(targetId);
    if (!target) throw new HttpError(404, 'User not found');
    if (target.two_factor_enabled_at === null) throw new HttpError(409, TWO_FACTOR_NOT_ON_FOR_ACCOUNT);
    await this.twoFactor.disable(targetId, this.now());
    this.deps.accounts?.forget(targetId);
    this.deps.log.info(
      { audit: 'two-factor-reset', adminId: admin.id, targetId },
      'admin reset two-step sign-in',
    );
    try {
      await this.deps.mailer.send({
        to: target.email,
        ...twoFactorResetMail({
          name: target.name,
          adminName: admin.name,
          link: `${this.deps.publicUrl}/login`,
        }),
      });
    } catch (error) {
      // The reset stands; the mail is a notice. Logged for the operator (no personal data beyond ids).
      this.deps.log.error({ err: error, targetId }, 'two-step reset mail failed');
    }
    return toAdminUser((await this.adminUsers.findWithLastTest(targetId))!);
  }

  async listInvites(query: {
    status?: InviteStatus | undefined;
    page: number;
    limit: number;
  }): Promise<InviteList> {
    const now = this.now();
    const { rows, total } = await this.invites.list({
      status: query.status,
      now,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    pageWindow(query.page, query.limit, total);
    return { invites: rows.map((row) => toInvite(row, now)), total, page: query.page, limit: query.limit };
  }

  /** Creates a one-time registration link for `email` with `role`, and mails it. */
  async createInvite(admin: UserRow, email: string, role: Role): Promise<CreatedInvite> {
    if (await this.users.findByEmail(email)) throw new HttpError(409, USER_EXISTS_FOR_INVITE);
    const code = randomToken();
    const now = this.now();
    const ttlDays = this.deps.inviteTtlDays ?? INVITE_TTL_DAYS_DEFAULT;
    const row = await this.invites.create({
      email,
      role,
      codeHash: hashToken(code),
      createdBy: admin.id,
      expiresAt: new Date(now.getTime() + ttlDays * DAY_MS),
      now,
    });
    const link = `${this.deps.publicUrl}/register?invite=${code}`;
    this.deps.log.info(
      { audit: 'invite-create', adminId: admin.id, inviteId: row.id, role },
      'admin sent an invite',
    );
    try {
      await this.deps.mailer.send({
        to: email,
        ...inviteMail({ adminName: admin.name, role, link, ttlDays }),
      });
    } catch (error) {
      // The admin sees the link and can pass it on; a mail failure must not lose the invite.
      this.deps.log.error({ err: error, inviteId: row.id }, 'sending the invite mail failed');
    }
    return { invite: toInvite({ ...row, created_by_name: admin.name }, now), link };
  }

  async revokeInvite(admin: UserRow, id: string): Promise<Invite> {
    const now = this.now();
    const revoked = await this.invites.revoke(id, now);
    if (!revoked) {
      const existing = await this.invites.findById(id);
      if (!existing) throw new HttpError(404, 'Invite not found');
      throw new HttpError(
        409,
        `This invite is ${inviteStatus(existing, now)}, not pending: it cannot be revoked`,
      );
    }
    this.deps.log.info(
      { audit: 'invite-revoke', adminId: admin.id, inviteId: id },
      'admin revoked an invite',
    );
    const creator = revoked.created_by ? await this.users.findById(revoked.created_by) : undefined;
    return toInvite({ ...revoked, created_by_name: creator?.name ?? null }, now);
  }

  async dashboard(): Promise<AdminDashboard> {
    const now = this.now();
    const [usersByRole, testsThisWeek, pendingInvites] = await Promise.all([
      this.adminUsers.countByRole(),
      this.adminUsers.countResultsSince(new Date(now.getTime() - 7 * DAY_MS)),
      this.invites.countPending(now),
    ]);
    return {
      usersByRole,
      totalUsers: usersByRole.admin + usersByRole.user + usersByRole.tester + usersByRole.clinician,
      testsThisWeek,
      pendingInvites,
      registration: this.deps.registration,
    };
  }
}
