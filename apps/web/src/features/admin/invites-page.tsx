import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_PAGE_LIMIT_DEFAULT,
  inviteStatusSchema,
  type Invite,
  type InviteStatus,
} from '@visus/contracts';
import { PagedTable } from '@/components/paged-table';
import { useListInvitesQuery } from './admin-api';
import { AdminOutcomeSnackbar } from './admin-outcome-snackbar';
import { AdminPageHeader, shortDate } from './admin-page-header';
import { InviteForm } from './invite-form';
import { RevokeInviteDialog } from './revoke-invite-dialog';
import { ROLE_LABELS } from './role-labels';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import '@/lib/i18n/admin-messages';

const ROWS_PER_PAGE = [10, ADMIN_PAGE_LIMIT_DEFAULT, 50] as const;
const COLUMNS: readonly MessageId[] = [
  'admin.col.email',
  'admin.col.role',
  'admin.col.status',
  'admin.col.sent',
  'admin.col.expires',
  'admin.col.actions',
];
const STATUSES = inviteStatusSchema.options;

const STATUS_CHIPS: Record<InviteStatus, { label: MessageId; color: ChipProps['color'] }> = {
  pending: { label: 'admin.status.pending', color: 'primary' },
  used: { label: 'admin.status.used', color: 'success' },
  expired: { label: 'admin.status.expired', color: 'default' },
  revoked: { label: 'admin.status.revoked', color: 'warning' },
};

/** What an empty list filtered by a status says. */
const NO_INVITES: Record<InviteStatus, MessageId> = {
  pending: 'admin.invites.none.pending',
  used: 'admin.invites.none.used',
  expired: 'admin.invites.none.expired',
  revoked: 'admin.invites.none.revoked',
};

function InviteRow({ invite, onRevoke }: { invite: Invite; onRevoke: (invite: Invite) => void }) {
  const t = useT();
  const chip = STATUS_CHIPS[invite.status];
  return (
    <TableRow hover>
      <TableCell sx={{ wordBreak: 'break-all', fontWeight: 600 }}>{invite.email}</TableCell>
      <TableCell>{t(ROLE_LABELS[invite.role])}</TableCell>
      <TableCell>
        <Chip label={t(chip.label)} color={chip.color} size="small" variant="outlined" />
      </TableCell>
      <TableCell>
        {shortDate(invite.createdAt)}
        {invite.createdBy && (
          <Typography variant="body2" color="text.secondary">
            {t('admin.invites.by', { name: invite.createdBy })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {invite.status === 'used'
          ? t('admin.invites.usedOn', { date: shortDate(invite.usedAt) })
          : shortDate(invite.expiresAt)}
      </TableCell>
      <TableCell align="right">
        {invite.status === 'pending' && (
          <Button
            color="error"
            size="small"
            onClick={() => onRevoke(invite)}
            aria-label={t('admin.invites.revokeOf', { email: invite.email })}
          >
            {t('admin.invites.revoke')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function InviteList() {
  const t = useT();
  const [status, setStatus] = useState<InviteStatus | null>(null);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(ADMIN_PAGE_LIMIT_DEFAULT);
  const [toRevoke, setToRevoke] = useState<Invite | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useListInvitesQuery({ status, page, limit });
  const invites = data?.invites ?? [];

  const rows = invites.map((invite) => <InviteRow key={invite._id} invite={invite} onRevoke={setToRevoke} />);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="invite-list">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ p: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography id="invite-list" variant="h5" component="h2">
          {t('admin.invites.sent')}
        </Typography>
        <TextField
          select
          label={t('admin.col.status')}
          size="small"
          value={status ?? 'all'}
          onChange={(event) => {
            const value = inviteStatusSchema.safeParse(event.target.value);
            setStatus(value.success ? value.data : null);
            setPage(1);
          }}
          fullWidth={false}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('admin.invites.all')}</MenuItem>
          {STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(STATUS_CHIPS[value].label)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedTable
        label={t('admin.invites.table')}
        columns={COLUMNS.map((column) => t(column))}
        query={{ isFetching, isLoading, error, data, refetch }}
        page={page}
        limit={limit}
        limits={ROWS_PER_PAGE}
        onPage={setPage}
        onLimit={setLimit}
        empty={invites.length > 0 ? null : status ? t(NO_INVITES[status]) : t('admin.invites.none')}
      >
        {rows}
      </PagedTable>
      <RevokeInviteDialog
        invite={toRevoke}
        onClose={() => setToRevoke(null)}
        onRevoked={() => {
          // Revoking the last pending invite of a filtered last page would leave it past the end.
          if (status === 'pending' && invites.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </Paper>
  );
}

/** /admin/invite: invite people by email with a role, see the invites sent, revoke pending ones. */
export function InvitesPage() {
  const t = useT();
  return (
    <Stack spacing={4}>
      <AdminPageHeader title={t('nav.invites')}>{t('admin.invites.intro')}</AdminPageHeader>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="new-invite"
        sx={{ p: { xs: 2.5, sm: 3.5 } }}
      >
        <Typography id="new-invite" variant="h5" component="h2" gutterBottom>
          {t('admin.invites.new')}
        </Typography>
        <InviteForm />
      </Paper>
      <InviteList />
      {/* A new invite shows its link in the form; a revocation is confirmed here. */}
      <AdminOutcomeSnackbar types={['revoke']} />
    </Stack>
  );
}
