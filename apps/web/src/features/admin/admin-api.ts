import type {
  AdminDashboard,
  AdminUser,
  CreateInviteBody,
  CreatedInvite,
  Invite,
  InviteList,
  InviteStatus,
  UpdateRoleBody,
  UserList,
} from '@visus/contracts';
import { api } from '@/lib/api/api';

/** GET /admin/users arguments: page is 1-based, as the server counts. */
export interface UserListArgs {
  search: string;
  page: number;
  limit: number;
}

/** GET /admin/invites arguments; no status lists every invite. */
export interface InviteListArgs {
  status: InviteStatus | null;
  page: number;
  limit: number;
}

/** Drops empty values so the query string carries only what the admin chose. */
function params(values: Record<string, string | number | null>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== '') out[key] = String(value);
  }
  return out;
}

type Data<T> = { data: T };

/**
 * The admin calls of DESIGN.md §5 (all admin-only on the server). Lists are tagged so that every change
 * (role, deletion, invite, revocation) refetches exactly the lists and counts it affects.
 */
export const adminApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminUsers', 'Invites', 'AdminDashboard'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listUsers: build.query<UserList, UserListArgs>({
        query: ({ search, page, limit }) => ({
          url: '/admin/users',
          params: params({ search: search.trim(), page, limit }),
        }),
        transformResponse: (response: Data<UserList>) => response.data,
        providesTags: ['AdminUsers'],
      }),
      updateRole: build.mutation<AdminUser, UpdateRoleBody & { id: string }>({
        query: ({ id, role }) => ({
          url: `/admin/users/${encodeURIComponent(id)}/role`,
          method: 'PUT',
          body: { role },
        }),
        transformResponse: (response: Data<AdminUser>) => response.data,
        // CurrentUser too: an admin who makes themselves a user must get the user's screens.
        invalidatesTags: (_result, error) => (error ? [] : ['AdminUsers', 'AdminDashboard', 'CurrentUser']),
      }),
      deleteUser: build.mutation<void, { id: string; email: string }>({
        query: ({ id }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_result, error) => (error ? [] : ['AdminUsers', 'AdminDashboard']),
      }),
      resetTwoFactor: build.mutation<AdminUser, { id: string; name: string }>({
        query: ({ id }) => ({ url: `/admin/users/${encodeURIComponent(id)}/two-factor`, method: 'DELETE' }),
        transformResponse: (response: Data<AdminUser>) => response.data,
        // A 409 means someone else reset it meanwhile: the list is stale either way.
        invalidatesTags: ['AdminUsers'],
      }),
      listInvites: build.query<InviteList, InviteListArgs>({
        query: ({ status, page, limit }) => ({
          url: '/admin/invites',
          params: params({ status, page, limit }),
        }),
        transformResponse: (response: Data<InviteList>) => response.data,
        providesTags: ['Invites'],
      }),
      createInvite: build.mutation<CreatedInvite, CreateInviteBody>({
        query: (body) => ({ url: '/admin/invites', method: 'POST', body }),
        transformResponse: (response: Data<CreatedInvite>) => response.data,
        invalidatesTags: (_result, error) => (error ? [] : ['Invites', 'AdminDashboard']),
      }),
      revokeInvite: build.mutation<Invite, { id: string; email: string }>({
        query: ({ id }) => ({ url: `/admin/invites/${encodeURIComponent(id)}`, method: 'DELETE' }),
        transformResponse: (response: Data<Invite>) => response.data,
        // A 409 means it was used or expired meanwhile: the list is stale either way.
        invalidatesTags: ['Invites', 'AdminDashboard'],
      }),
      getAdminDashboard: build.query<AdminDashboard, void>({
        query: () => '/admin/dashboard',
        transformResponse: (response: Data<AdminDashboard>) => response.data,
        providesTags: ['AdminDashboard'],
      }),
    }),
  });

export const {
  useListUsersQuery,
  useUpdateRoleMutation,
  useDeleteUserMutation,
  useResetTwoFactorMutation,
  useListInvitesQuery,
  useCreateInviteMutation,
  useRevokeInviteMutation,
  useGetAdminDashboardQuery,
} = adminApi;
