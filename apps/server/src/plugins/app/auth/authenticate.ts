import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@visus/core';
import { TOKEN_NOT_VALID, TWO_FACTOR_SETUP_REQUIRED, TWO_FACTOR_SETUP_REQUIRED_CODE } from '@visus/contracts';
import type { UserRow } from '../../../db/schema';
import type { AuthService } from '../../../modules/auth/auth.service';
import { HttpError } from '../../../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    authService: AuthService;
    /** preHandler: a valid, unrevoked token in the Authorization header, or 401 'Token is not valid'. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: signed in and one of `roles`, else 401/403. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    account: UserRow | null;
  }
  interface FastifyContextConfig {
    /**
     * The route serves an account that must set up two-step sign-in before anything else (REQUIRE_2FA_FOR,
     * docs/adr/0023): the current user and the enrolment calls. Every other signed-in route refuses such an
     * account with 403 TWO_FACTOR_SETUP_REQUIRED.
     */
    beforeTwoFactorEnrolment?: boolean;
  }
}

/**
 * The token travels as the whole Authorization header (SPEC.md §7); `Bearer <token>` works too.
 * Anything that is not plausibly a JWT is refused before any crypto is done.
 */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : header.trim();
  return token.length > 0 && token.length < 4096 && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : null;
}

/** The signed-in account of a request that passed {@link FastifyInstance.authenticate}. */
export function signedIn(request: FastifyRequest): UserRow {
  if (!request.account) throw new HttpError(401, TOKEN_NOT_VALID);
  return request.account;
}

export const authenticationPlugin = fp(
  async (app: FastifyInstance, options: { authService: AuthService }) => {
    app.decorate('authService', options.authService);
    app.decorateRequest('account', null);

    async function authenticate(request: FastifyRequest): Promise<void> {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) throw new HttpError(401, TOKEN_NOT_VALID);
      const account = await options.authService.authenticate(token);
      request.account = account;
      if (
        request.routeOptions.config.beforeTwoFactorEnrolment !== true &&
        options.authService.twoFactor.mustEnrol(account)
      ) {
        throw new HttpError(403, TWO_FACTOR_SETUP_REQUIRED, {}, TWO_FACTOR_SETUP_REQUIRED_CODE);
      }
    }
    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      await authenticate(request);
      if (!roles.includes(signedIn(request).role)) {
        throw new HttpError(403, 'You do not have permission to do this');
      }
    });
  },
  { name: 'authentication' },
);
