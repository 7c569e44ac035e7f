import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardSchema,
  adminUserSchema,
  createInviteBodySchema,
  createdInviteSchema,
  dataResponse,
  errorResponseSchema,
  idParamsSchema,
  inviteListSchema,
  inviteSchema,
  listInvitesQuerySchema,
  listUsersQuerySchema,
  updateRoleBodySchema,
  userListSchema,
} from '@visus/contracts';
import type { AdminService } from '../../../../modules/admin/admin.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';
import { endAccountSockets, tellAccount } from '../../../../plugins/app/realtime/account-room';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const security = [{ token: [] }];

/** Users, roles and invites (issue 8; DESIGN.md §5). Every route is admin-only. */
const adminRoutes: FastifyPluginAsyncZod<{ adminService: AdminService }> = async (app, { adminService }) => {
  app.addHook('onRequest', app.requireRole('admin'));

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts for the admin dashboard',
        security,
        response: { 200: dataResponse(adminDashboardSchema), ...errors },
      },
    },
    async () => ({ success: true as const, data: await adminService.dashboard() }),
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first, searchable by name or email',
        security,
        querystring: listUsersQuerySchema,
        response: { 200: dataResponse(userListSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await adminService.listUsers(request.query) }),
  );

  app.put(
    '/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Change an account's role (never removes the last admin)",
        security,
        params: idParamsSchema,
        body: updateRoleBodySchema,
        response: { 200: dataResponse(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const data = await adminService.setRole(signedIn(request), request.params.id, request.body.role);
      // The account's tabs load the current user again and show the screens of the new role.
      tellAccount(app.io, request.params.id, 'account-changed', {});
      return { success: true as const, data };
    },
  );

  app.delete(
    '/users/:id/two-factor',
    {
      schema: {
        tags: ['admin'],
        summary: "Reset an account's two-step sign-in (someone who lost their authenticator and codes)",
        description:
          "Turns two-step sign-in off for another account and mails its owner; 409 for one's own account " +
          '(turned off from the profile with password and code) or where it is not on.',
        security,
        params: idParamsSchema,
        response: { 200: dataResponse(adminUserSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await adminService.resetTwoFactor(signedIn(request), request.params.id),
    }),
  );
  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an account and all its data (never the last admin)',
        security,
        params: idParamsSchema,
        response: { 200: dataResponse(z.object({})), ...errors },
      },
    },
    async (request) => {
      await adminService.deleteUser(signedIn(request), request.params.id);
      endAccountSockets(app.io, request.params.id, 'deleted');
      return { success: true as const, data: {} };
    },
  );

  app.get(
    '/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invites, newest first, optionally by status',
        security,
        querystring: listInvitesQuerySchema,
        response: { 200: dataResponse(inviteListSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await adminService.listInvites(request.query) }),
  );

  app.post(
    '/invites',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite someone by email with a role; mails a one-time registration link',
        security,
        body: createInviteBodySchema,
        response: { 201: dataResponse(createdInviteSchema), ...errors },
      },
    },
    async (request, reply) => {
      const created = await adminService.createInvite(
        signedIn(request),
        request.body.email,
        request.body.role,
      );
      return reply.status(201).send({ success: true, data: created });
    },
  );

  app.delete(
    '/invites/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke a pending invite',
        security,
        params: idParamsSchema,
        response: { 200: dataResponse(inviteSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await adminService.revokeInvite(signedIn(request), request.params.id),
    }),
  );
};

export default adminRoutes;
