import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmTwoFactorBodySchema,
  dataResponse,
  disableTwoFactorBodySchema,
  errorResponseSchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesBodySchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from '@visus/contracts';
import type { RateLimits } from '../../../../config';
import { signedIn } from '../../../../plugins/app/auth/authenticate';
import { tellAccount } from '../../../../plugins/app/realtime/account-room';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const authHeader = { security: [{ token: [] }] };

/**
 * Two-step sign-in of the signed-in account (issue 19 item 7, docs/adr/0023-two-step-sign-in.md), under
 * /auth/two-factor. Status and enrolment are open to an account that must enrol first; turning it off and
 * new recovery codes are not (such an account has it off and no codes). Every code check is counted as a
 * failed sign-in until it succeeds, and the routes share the sign-in's allowance per address.
 */
const twoFactorRoutes: FastifyPluginAsyncZod<{ rateLimits: RateLimits }> = async (app, options) => {
  const limited = { rateLimit: { max: options.rateLimits.login, timeWindow: options.rateLimits.windowMs } };
  const twoFactor = app.authService.twoFactor;

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      config: { beforeTwoFactorEnrolment: true },
      schema: {
        tags: ['auth'],
        summary: 'Whether two-step sign-in is available, on and required for me, and recovery codes left',
        ...authHeader,
        response: { 200: dataResponse(twoFactorStatusSchema), 401: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await twoFactor.status(signedIn(request)) }),
  );

  app.post(
    '/enrolment',
    {
      onRequest: app.authenticate,
      config: { ...limited, beforeTwoFactorEnrolment: true },
      schema: {
        tags: ['auth'],
        summary:
          'Start turning on two-step sign-in: a new secret and its otpauth:// URI (clinicians, admins)',
        ...authHeader,
        response: { 200: dataResponse(twoFactorEnrolmentSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await twoFactor.startEnrolment(signedIn(request)),
    }),
  );

  app.post(
    '/enrolment/confirm',
    {
      onRequest: app.authenticate,
      config: { ...limited, beforeTwoFactorEnrolment: true },
      schema: {
        tags: ['auth'],
        summary: 'Turn on two-step sign-in with a code from the app; answers the recovery codes, once',
        ...authHeader,
        body: confirmTwoFactorBodySchema,
        response: { 200: dataResponse(recoveryCodesSchema), ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const recoveryCodes = await twoFactor.confirmEnrolment(user, request.body.code);
      tellAccount(app.io, user.id, 'account-changed', {});
      return { success: true as const, data: { recoveryCodes } };
    },
  );

  app.delete(
    '/',
    {
      onRequest: app.authenticate,
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Turn off two-step sign-in (password and a code)',
        ...authHeader,
        body: disableTwoFactorBodySchema,
        response: { 200: dataResponse(z.object({})), ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      await twoFactor.disable(user, request.body.password, request.body.code);
      tellAccount(app.io, user.id, 'account-changed', {});
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/recovery-codes',
    {
      onRequest: app.authenticate,
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'New recovery codes for a current code; the old ones stop working',
        ...authHeader,
        body: regenerateRecoveryCodesBodySchema,
        response: { 200: dataResponse(recoveryCodesSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { recoveryCodes: await twoFactor.regenerateRecoveryCodes(signedIn(request), request.body.code) },
    }),
  );
};

export default twoFactorRoutes;
