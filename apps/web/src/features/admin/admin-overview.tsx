import Button from '@mui/material/Button';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminDashboard } from '@visus/contracts';
import { useGetAdminDashboardQuery } from './admin-api';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import '@/lib/i18n/admin-messages';

interface Count {
  label: MessageId;
  value: (dashboard: AdminDashboard) => number;
}

const COUNTS: Count[] = [
  { label: 'admin.count.accounts', value: (d) => d.totalUsers },
  { label: 'admin.count.admins', value: (d) => d.usersByRole.admin },
  { label: 'admin.count.users', value: (d) => d.usersByRole.user },
  { label: 'admin.count.testers', value: (d) => d.usersByRole.tester },
  { label: 'admin.count.clinicians', value: (d) => d.usersByRole.clinician },
  { label: 'admin.count.testsThisWeek', value: (d) => d.testsThisWeek },
  { label: 'admin.count.pendingInvites', value: (d) => d.pendingInvites },
];

function CountCard({ label, value }: { label: string; value: number | null }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: '100%' }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        aria-label={value === null ? undefined : t('admin.count.value', { label, value })}
      >
        {value ?? <Skeleton width={48} />}
      </Typography>
    </Paper>
  );
}

/** The admin's overview on /admin/dashboard: counts from GET /admin/dashboard, with the admin screens. */
export function AdminOverview() {
  const t = useT();
  const { data, error, isLoading, refetch } = useGetAdminDashboardQuery();

  return (
    <Box component="section" aria-labelledby="administration">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography id="administration" variant="h5" component="h2">
            {t('admin.overline')}
          </Typography>
          {data && (
            <Chip
              size="small"
              variant="outlined"
              color={data.registration === 'invite' ? 'warning' : 'success'}
              label={
                data.registration === 'invite' ? t('admin.registration.invite') : t('admin.registration.open')
              }
              sx={{ mt: 1 }}
            />
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button
            component={RouterLink}
            to="/admin/profiles"
            variant="contained"
            startIcon={<GroupOutlinedIcon />}
          >
            {t('nav.manageUsers')}
          </Button>
          <Button
            component={RouterLink}
            to="/admin/invite"
            variant="outlined"
            startIcon={<MailOutlineIcon />}
          >
            {t('nav.invites')}
          </Button>
        </Stack>
      </Stack>
      {error && !isLoading ? (
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <Grid container spacing={2} aria-busy={isLoading}>
          {COUNTS.map((count) => (
            <Grid key={count.label} size={{ xs: 6, md: 4, xl: 2 }}>
              <CountCard label={t(count.label)} value={data ? count.value(data) : null} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
