import { z } from 'zod';
import {
  INVALID_DATE_OF_BIRTH,
  LANGUAGES,
  ROLES,
  calendarDateOf,
  formatCalendarDate,
  validateDateOfBirth,
} from '@visus/core';

/** Limits that keep stored text sane; argon2 hashes any length, but nobody needs more. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const roleSchema = z.enum(ROLES);

/** A language Visus speaks (issue 20): the account's choice, for the app and its mails. */
export const languageSchema = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });

export const emailSchema = z
  .string({ error: 'Please include a valid email' })
  .trim()
  .max(EMAIL_MAX, { error: `Email must be at most ${EMAIL_MAX} characters` })
  .pipe(z.email({ error: 'Please include a valid email' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(NAME_MAX, { error: `Name must be at most ${NAME_MAX} characters` })
  // Control characters in a display name are never legitimate and break logs and exports.
  .refine((name) => !/\p{Cc}/u.test(name), { error: 'Name contains invalid characters' });

/**
 * Date of birth as sent by the forms: `YYYY-MM-DD` (day-first forms are accepted too, SPEC.md §5),
 * normalised to `YYYY-MM-DD`. Validated against today's date in UTC.
 */
export const dobSchema = z
  .string({ error: INVALID_DATE_OF_BIRTH })
  .max(10, { error: INVALID_DATE_OF_BIRTH })
  .transform((text, ctx) => {
    const result = validateDateOfBirth(text, calendarDateOf(new Date()));
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: INVALID_DATE_OF_BIRTH });
      return z.NEVER;
    }
    return formatCalendarDate(result.date);
  });

/** POST /auth/register (DESIGN.md §5). */
export const registerBodySchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  dob: dobSchema,
  inviteCode: z.string().max(200, { error: 'Invite code is invalid' }).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /auth/login: any non-empty password is checked, so old short passwords still work. */
export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` }),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** POST /auth/forgotpassword */
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** PUT /auth/resetpassword/:token */
export const resetPasswordBodySchema = z.strictObject({ password: passwordSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The reset token in the path: 43 base64url characters (256 random bits). */
export const resetTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Password reset link is invalid or has expired' }),
});

/** PUT /auth/updatepassword */
export const updatePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, { error: 'Current password is required' })
    .max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;

/** PUT /auth/updatedetails: any subset of name, email, dob and language; at least one. */
export const updateDetailsBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    dob: dobSchema.optional(),
    language: languageSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Nothing to update: send name, email, dob or language',
  });
export type UpdateDetailsBody = z.input<typeof updateDetailsBodySchema>;

/** The signed-in account as the API returns it (`_id` is the spec's name for the id). */
export const currentUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  dob: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Two-step sign-in: on, and required for the role (until on, only enrolment is allowed; docs/adr/0023). */
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }),
  /** The language the person chose (issue 20); null: never chose (the app follows the browser's). */
  language: languageSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Register, login, updatepassword and resetpassword answer with a fresh token. */
export const tokenResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
