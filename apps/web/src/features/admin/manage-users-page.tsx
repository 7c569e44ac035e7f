import { lazy, Suspense, useState } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useNavigate } from 'react-router';
import { ADMIN_PAGE_LIMIT_DEFAULT, type AdminUser } from '@visus/contracts';
import { isRole } from '@visus/core';
import { PagedTable } from '@/components/paged-table';
import { useAppDispatch } from '@/app/hooks';
import { logout } from '@/lib/auth/auth-slice';
import { useAuth } from '@/lib/auth/use-auth';
import { noticeShown } from '@/lib/notice/notice-slice';
import { useListUsersQuery } from './admin-api';
import { AdminOutcomeSnackbar } from './admin-outcome-snackbar';
import { AdminPageHeader, shortDate } from './admin-page-header';
import type { RoleChange } from './change-role-dialog';
import { ROLE_LABELS, ROLE_OPTIONS } from './role-labels';
import { useDebouncedValue } from '@/lib/timing/use-debounced-value';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import '@/lib/i18n/admin-messages';

// The confirmations (MUI's Dialog and the three questions) download when a row's action first asks for
// one, not with the list (issue 25 item 5).
const ChangeRoleDialog = lazy(() =>
  import('./change-role-dialog').then((m) => ({ default: m.ChangeRoleDialog })),
);
const DeleteUserDialog = lazy(() =>
  import('./delete-user-dialog').then((m) => ({ default: m.DeleteUserDialog })),
);
const ResetTwoFactorDialog = lazy(() =>
  import('./reset-two-factor-dialog').then((m) => ({ default: m.ResetTwoFactorDialog })),
);

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
const ROWS_PER_PAGE = [10, ADMIN_PAGE_LIMIT_DEFAULT, 50] as const;
const COLUMNS: readonly MessageId[] = [
  'admin.col.name',
  'admin.col.email',
  'admin.col.role',
  'admin.col.created',
  'admin.col.lastTest',
  'admin.col.actions',
];

interface UserRowProps {
  user: AdminUser;
  isMe: boolean;
  onRole: (change: RoleChange) => void;
  onDelete: (user: AdminUser) => void;
  onResetTwoFactor: (user: AdminUser) => void;
}

function UserRow({ user, isMe, onRole, onDelete, onResetTwoFactor }: UserRowProps) {
  const t = useT();
  return (
    <TableRow hover>
      <TableCell sx={{ fontWeight: 600 }}>
        {user.name}
        {isMe && (
          <Chip label={t('admin.users.you')} size="small" color="primary" variant="outlined" sx={{ ml: 1 }} />
        )}
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={user.role}
          onChange={(event) => {
            const role = event.target.value;
            if (isRole(role) && role !== user.role) onRole({ user, role });
          }}
          fullWidth={false}
          sx={{ minWidth: 120 }}
          slotProps={{
            select: { SelectDisplayProps: { 'aria-label': t('admin.users.roleOf', { email: user.email }) } },
          }}
        >
          {ROLE_OPTIONS.map((role) => (
            <MenuItem key={role} value={role}>
              {t(ROLE_LABELS[role])}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>{shortDate(user.createdAt)}</TableCell>
      <TableCell>{user.lastTestAt === null ? t('admin.users.never') : shortDate(user.lastTestAt)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {user.twoFactorOn && !isMe && (
          <Tooltip title={t('admin.users.resetTwoStep')}>
            <IconButton
              aria-label={t('admin.users.resetTwoStepOf', { email: user.email })}
              onClick={() => onResetTwoFactor(user)}
            >
              <KeyOffIcon />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('admin.users.deleteAccount')}>
          <IconButton
            aria-label={t('admin.users.deleteOf', { email: user.email })}
            color="error"
            onClick={() => onDelete(user)}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

/** /admin/profiles ("Manage Users"): find accounts, change their roles, delete them. */
export function ManageUsersPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { userId } = useAuth();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(ADMIN_PAGE_LIMIT_DEFAULT);
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [toReset, setToReset] = useState<AdminUser | null>(null);
  // Once one is asked for, the dialogs stay mounted, so that they close with their transition.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (roleChange !== null || toDelete !== null || toReset !== null))
    setDialogsWanted(true);
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, isFetching, refetch } = useListUsersQuery({ search: query, page, limit });
  const users = data?.users ?? [];

  const onDeleted = async (user: AdminUser) => {
    setToDelete(null);
    if (user._id === userId) {
      // Their own account is gone: every later call would answer 'Token is not valid'. Sign out now.
      await navigate('/', { replace: true });
      dispatch(logout());
      dispatch(noticeShown({ message: t('admin.users.selfDeleted'), severity: 'info' }));
      return;
    }
    // The server refuses a page past the end: when the last row of the last page goes, step back.
    if (users.length === 1 && page > 1) setPage(page - 1);
  };

  const rows = users.map((user) => (
    <UserRow
      key={user._id}
      user={user}
      isMe={user._id === userId}
      onRole={setRoleChange}
      onDelete={setToDelete}
      onResetTwoFactor={setToReset}
    />
  ));

  return (
    <Stack spacing={4}>
      <AdminPageHeader title={t('nav.manageUsers')}>{t('admin.users.intro')}</AdminPageHeader>

      <Paper variant="outlined">
        <Box sx={{ p: 2 }}>
          <TextField
            type="search"
            label={t('admin.users.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            sx={{ maxWidth: 480 }}
            slotProps={{
              htmlInput: { maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <PagedTable
          label={t('admin.users.table')}
          columns={COLUMNS.map((column) => t(column))}
          query={{ isFetching, isLoading, error, data, refetch }}
          page={page}
          limit={limit}
          limits={ROWS_PER_PAGE}
          onPage={setPage}
          onLimit={setLimit}
          skeletonRows={5}
          empty={
            users.length > 0 ? null : query ? t('admin.users.noMatch', { query }) : t('admin.users.none')
          }
        >
          {rows}
        </PagedTable>
      </Paper>

      {dialogsWanted && (
        <Suspense fallback={null}>
          <ChangeRoleDialog change={roleChange} onClose={() => setRoleChange(null)} />
          <DeleteUserDialog
            user={toDelete}
            onClose={() => setToDelete(null)}
            onDeleted={(u) => void onDeleted(u)}
          />
          <ResetTwoFactorDialog user={toReset} onClose={() => setToReset(null)} />
        </Suspense>
      )}
      <AdminOutcomeSnackbar types={['role', 'delete', 'two-factor']} />
    </Stack>
  );
}
