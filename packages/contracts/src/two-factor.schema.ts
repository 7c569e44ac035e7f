import { z } from 'zod';
import { PASSWORD_MAX, tokenResponseSchema } from './auth.schema';

/** Two-step sign-in (issue 19 item 7, docs/adr/0023-two-step-sign-in.md). */

const CODE_HELP = 'Enter the 6-digit code from your app or a recovery code';

/** A code from the authenticator app (6 digits) or a recovery code (16 letters, dashes and spaces allowed). */
export const secondStepCodeSchema = z
  .string({ error: CODE_HELP })
  .trim()
  .min(6, { error: CODE_HELP })
  .max(40, { error: CODE_HELP });

/** Only a code from the app (confirming the enrolment proves the app holds the secret). */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code from your app' })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your app' }));

/** POST /auth/login answers this instead of a token when the account has two-step sign-in on. */
export const secondStepChallengeSchema = z.object({
  success: z.literal(true),
  secondStep: z.object({
    /** Proof that the password was right; good only for POST /auth/login/second-step, for 5 minutes. */
    ticket: z.string(),
    expiresAt: z.string(),
  }),
});
export type SecondStepChallenge = z.infer<typeof secondStepChallengeSchema>;

/** POST /auth/login: a token, or (two-step sign-in on) the ticket for the second step. */
export const loginResponseSchema = z.union([tokenResponseSchema, secondStepChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /auth/login/second-step */
export const secondStepBodySchema = z.strictObject({
  ticket: z.string({ error: 'ticket is required' }).min(1).max(2000, { error: 'ticket is invalid' }),
  code: secondStepCodeSchema,
});
export type SecondStepBody = z.input<typeof secondStepBodySchema>;

/** GET /auth/two-factor: the signed-in account's two-step sign-in. */
export const twoFactorStatusSchema = z.object({
  /** The role may turn it on (clinicians and admins). */
  available: z.boolean(),
  enabled: z.boolean(),
  /** The role must have it on (REQUIRE_2FA_FOR). */
  required: z.boolean(),
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /auth/two-factor/enrolment: a new secret, as text and as the otpauth:// URI for the QR code. */
export const twoFactorEnrolmentSchema = z.object({
  /** Base-32, for typing into an app that cannot scan. */
  secret: z.string(),
  uri: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** POST /auth/two-factor/enrolment/confirm */
export const confirmTwoFactorBodySchema = z.strictObject({ code: totpCodeSchema });
export type ConfirmTwoFactorBody = z.input<typeof confirmTwoFactorBodySchema>;

/** The one-time recovery codes, shown once (enrolment, regeneration). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** DELETE /auth/two-factor: turning it off needs the password and a code. */
export const disableTwoFactorBodySchema = z.strictObject({
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX),
  code: secondStepCodeSchema,
});
export type DisableTwoFactorBody = z.input<typeof disableTwoFactorBodySchema>;

/** POST /auth/two-factor/recovery-codes: new codes (the old ones stop working) for a current code. */
export const regenerateRecoveryCodesBodySchema = z.strictObject({ code: secondStepCodeSchema });
export type RegenerateRecoveryCodesBody = z.input<typeof regenerateRecoveryCodesBodySchema>;
