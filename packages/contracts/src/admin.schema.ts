import { z } from 'zod';
import { emailSchema, roleSchema } from './auth.schema';

/** Largest page the admin lists serve; bigger pages gain nothing and cost memory. */
export const ADMIN_PAGE_LIMIT_MAX = 100;
export const ADMIN_PAGE_LIMIT_DEFAULT = 20;
/** How long an invite link works unless the admin says otherwise (issue: 7 days). */
export const INVITE_TTL_DAYS_DEFAULT = 7;

export const LAST_ADMIN_ERROR = 'Visus needs at least one admin: make someone else an admin first';
/** An admin turns off their own two-step sign-in from the profile (with password and code), not here. */
export const RESET_OWN_TWO_FACTOR_ERROR =
  'Turn off your own two-step sign-in from your profile, with your password and a code';
/** Resetting two-step sign-in for an account that does not have it on. */
export const TWO_FACTOR_NOT_ON_FOR_ACCOUNT = 'Two-step sign-in is not on for this account';
export const INVITE_INVALID = 'This invite is invalid, used, revoked or expired';
export const USER_EXISTS_FOR_INVITE = 'An account with this email already exists';
export const REGISTRATION_BY_INVITE_ONLY = 'Registration is by invitation only';

const idSchema = z.uuid({ error: 'Invalid id' });
export const idParamsSchema = z.strictObject({ id: idSchema });

/** Query strings arrive as text: page and limit are whole numbers within bounds. */
const pageSchema = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int({ error: 'page must be a whole number from 1' })
  .min(1, { error: 'page must be a whole number from 1' })
  .max(1_000_000, { error: 'page is too large' })
  .default(1);
const limitSchema = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${ADMIN_PAGE_LIMIT_MAX}` })
  .int({ error: `limit must be a whole number from 1 to ${ADMIN_PAGE_LIMIT_MAX}` })
  .min(1, { error: `limit must be a whole number from 1 to ${ADMIN_PAGE_LIMIT_MAX}` })
  .max(ADMIN_PAGE_LIMIT_MAX, { error: `limit must be a whole number from 1 to ${ADMIN_PAGE_LIMIT_MAX}` })
  .default(ADMIN_PAGE_LIMIT_DEFAULT);

/** GET /admin/users?search=&page=&limit= */
export const listUsersQuerySchema = z.strictObject({
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  page: pageSchema,
  limit: limitSchema,
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

/** One account as the admin list shows it. */
export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  dob: z.string().nullable(),
  createdAt: z.string(),
  /** When the account last saved a test result; null if never. */
  lastTestAt: z.string().nullable(),
  /** Whether two-step sign-in is on for the account (an admin can reset it for someone who lost it). */
  twoFactorOn: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const pageInfoSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const userListSchema = pageInfoSchema.extend({ users: z.array(adminUserSchema) });
export type UserList = z.infer<typeof userListSchema>;

/** PUT /admin/users/:id/role */
export const updateRoleBodySchema = z.strictObject({ role: roleSchema });
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;

export const inviteStatusSchema = z.enum(['pending', 'used', 'expired', 'revoked']);
export type InviteStatus = z.infer<typeof inviteStatusSchema>;

export const inviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  status: inviteStatusSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Name of the admin who sent it, if that account still exists. */
  createdBy: z.string().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** GET /admin/invites?status=&page=&limit= */
export const listInvitesQuerySchema = z.strictObject({
  status: inviteStatusSchema.optional(),
  page: pageSchema,
  limit: limitSchema,
});
export type ListInvitesQuery = z.input<typeof listInvitesQuerySchema>;

export const inviteListSchema = pageInfoSchema.extend({ invites: z.array(inviteSchema) });
export type InviteList = z.infer<typeof inviteListSchema>;

/** POST /admin/invites */
export const createInviteBodySchema = z.strictObject({
  email: emailSchema,
  role: roleSchema.default('user'),
});
export type CreateInviteBody = z.input<typeof createInviteBodySchema>;

/** The new invite and its one-time registration link (shown once for copying; also mailed). */
export const createdInviteSchema = z.object({ invite: inviteSchema, link: z.string() });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

/** The invite code in a registration link: 43 base64url characters (256 random bits). */
export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: INVITE_INVALID });
export const inviteCodeParamsSchema = z.strictObject({ code: inviteCodeSchema });

/** GET /auth/invite/:code — what the registration form pre-fills. */
export const invitePreviewSchema = z.object({ email: z.string(), role: roleSchema, expiresAt: z.string() });
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/** GET /admin/dashboard — the admin's overview. */
export const adminDashboardSchema = z.object({
  usersByRole: z.object({
    admin: z.number().int(),
    user: z.number().int(),
    tester: z.number().int(),
    clinician: z.number().int(),
  }),
  totalUsers: z.number().int(),
  testsThisWeek: z.number().int(),
  pendingInvites: z.number().int(),
  registration: z.enum(['open', 'invite']),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
