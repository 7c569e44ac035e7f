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

interface Count {
  label: string;
  value: (dashboard: AdminDashboard) => number;
}

const COUNTS: Count[] = [
  { label: 'Accounts', value: (d) => d.totalUsers },
  { label: 'Admins', value: (d) => d.usersByRole.admin },
  { label: 'Users', value: (d) => d.usersByRole.user },
  { label: 'Testers', value: (d) => d.usersByRole.tester },
  { label: 'Clinicians', value: (d) => d.usersByRole.clinician },
  { label: 'Tests this week', value: (d) => d.testsThisWeek },
  { label: 'Pending invites', value: (d) => d.pendingInvites },
];

function CountCard({ label, value }: { label: string; value: number | null }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: '100%' }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography variant="h4" component="p" aria-label={value === null ? undefined : `${label}: ${value}`}>
        {value ?? <Skeleton width={48} />}
      </Typography>
    </Paper>
  );
}

/** The admin's overview on /admin/dashboard: counts from GET /admin/dashboard, with the admin screens. */
export function AdminOverview() {
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
            Administration
          </Typography>
          {data && (
            <Chip
              size="small"
              variant="outlined"
              color={data.registration === 'invite' ? 'warning' : 'success'}
              label={
                data.registration === 'invite'
                  ? 'Registration: by invitation only'
                  : 'Registration: open to everyone'
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
            Manage Users
          </Button>
          <Button
            component={RouterLink}
            to="/admin/invite"
            variant="outlined"
            startIcon={<MailOutlineIcon />}
          >
            Invites
          </Button>
        </Stack>
      </Stack>
      {error && !isLoading ? (
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <Grid container spacing={2} aria-busy={isLoading}>
          {COUNTS.map((count) => (
            <Grid key={count.label} size={{ xs: 6, md: 4, xl: 2 }}>
              <CountCard label={count.label} value={data ? count.value(data) : null} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
