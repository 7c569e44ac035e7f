import { finished } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserSchema,
  dataResponse,
  errorResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  secondStepBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resetTokenParamsSchema,
  tokenResponseSchema,
  updateDetailsBodySchema,
  updatePasswordBodySchema,
  inviteCodeParamsSchema,
  invitePreviewSchema,
} from '@visus/contracts';
import type { RateLimits } from '../../../../config';
import { FORGOT_PASSWORD_MESSAGE } from '../../../../modules/auth/auth.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';
import { endAccountSockets, tellAccount } from '../../../../plugins/app/realtime/account-room';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

const authHeader = { security: [{ token: [] }] };

/** Routes that hash or check a password: 503 with Retry-After when that work is refused (config.passwordHashing). */
const passwordBusy = { 503: errorResponseSchema };

/**
 * Resolves once the response has been handed to the connection (or the connection is gone), never
 * rejects: work that must not delay an answer waits for it.
 */
function answerSent(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    const cleanup = finished(reply.raw, () => {
      cleanup();
      resolve();
    });
  });
}

/** Accounts and sign-in (SPEC.md §7, DESIGN.md §5). Thin: every decision is in AuthService. */
const authRoutes: FastifyPluginAsyncZod<{ rateLimits: RateLimits }> = async (app, options) => {
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: options.rateLimits.windowMs } });

  app.post(
    '/register',
    {
      config: limit(options.rateLimits.register),
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerBodySchema,
        response: { 201: tokenResponseSchema, ...errors, 403: errorResponseSchema, ...passwordBusy },
      },
    },
    async (request, reply) => {
      const token = await app.authService.register(request.body);
      return reply.status(201).send({ success: true, token });
    },
  );

  app.get(
    '/invite/:code',
    {
      config: limit(options.rateLimits.register),
      schema: {
        tags: ['auth'],
        summary: 'What an invite link grants (email and role), to pre-fill registration',
        params: inviteCodeParamsSchema,
        response: {
          200: dataResponse(invitePreviewSchema),
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.authService.previewInvite(request.params.code),
    }),
  );

  app.post(
    '/login',
    {
      config: limit(options.rateLimits.login),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          'With two-step sign-in on, answers `secondStep.ticket` instead of a token: send it with a code to /auth/login/second-step.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errors, ...passwordBusy },
      },
    },
    async (request) => {
      const outcome = await app.authService.login(request.body.email, request.body.password);
      return outcome.secondStep
        ? { success: true as const, secondStep: outcome.secondStep }
        : { success: true as const, token: outcome.token };
    },
  );

  app.post(
    '/login/second-step',
    {
      config: limit(options.rateLimits.login),
      schema: {
        tags: ['auth'],
        summary: 'Finish signing in with a code from the authenticator app or a recovery code',
        body: secondStepBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const token = await app.authService.loginSecondStep(request.body.ticket, request.body.code);
      return { success: true as const, token };
    },
  );

  app.get(
    '/current',
    {
      onRequest: app.authenticate,
      config: { beforeTwoFactorEnrolment: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account',
        ...authHeader,
        response: { 200: dataResponse(currentUserSchema), 401: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: app.authService.currentUser(signedIn(request)) }),
  );

  app.post(
    '/forgotpassword',
    {
      config: limit(options.rateLimits.forgotPassword),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link (same answer whether or not the account exists)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Only the lookup happens before the answer, for every email alike; storing and mailing a link
      // for an account wait until the answer is out, so the time to answer tells nothing.
      await app.authService.forgotPassword(request.body.email, answerSent(reply));
      return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.put(
    '/resetpassword/:token',
    {
      config: limit(options.rateLimits.resetPassword),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; signs in',
        params: resetTokenParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: tokenResponseSchema, ...errors, ...passwordBusy },
      },
    },
    async (request) => {
      const changed = await app.authService.resetPassword(request.params.token, request.body.password);
      // Every signed-in tab of the account holds a revoked token now: tell them (docs/realtime.md).
      endAccountSockets(app.io, changed.userId, 'signed-out-everywhere', changed.tokenVersion);
      return { success: true as const, token: changed.token };
    },
  );

  app.put(
    '/updatepassword',
    {
      onRequest: app.authenticate,
      config: limit(options.rateLimits.login),
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out and a new token returned',
        ...authHeader,
        body: updatePasswordBodySchema,
        response: { 200: tokenResponseSchema, ...errors, ...passwordBusy },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const changed = await app.authService.updatePassword(signedIn(request), currentPassword, newPassword);
      // The other tabs and devices hold a revoked token; this tab's new one carries the new version.
      endAccountSockets(app.io, changed.userId, 'signed-out-everywhere', changed.tokenVersion);
      return { success: true as const, token: changed.token };
    },
  );

  app.put(
    '/updatedetails',
    {
      onRequest: app.authenticate,
      config: {
        // "An account with this email already exists" tells whether an email has an account, as
        // registration does (docs/security.md): requests that set an email get the same allowance per
        // address as registration. Counted after validation; name and date-of-birth edits are free.
        rateLimit: {
          max: options.rateLimits.register,
          timeWindow: options.rateLimits.windowMs,
          hook: 'preHandler',
          allowList: (request) => (request.body as { email?: unknown } | undefined)?.email === undefined,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Change name, email, date of birth or language',
        ...authHeader,
        body: updateDetailsBodySchema,
        response: { 200: dataResponse(currentUserSchema), ...errors },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const data = await app.authService.updateDetails(user, request.body);
      tellAccount(app.io, user.id, 'account-changed', {});
      return { success: true as const, data };
    },
  );

  app.delete(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Delete the account and all its data',
        ...authHeader,
        response: { 200: dataResponse(z.object({})), 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = signedIn(request);
      await app.authService.deleteAccount(user);
      endAccountSockets(app.io, user.id, 'deleted');
      return { success: true as const, data: {} };
    },
  );
};

export default authRoutes;
