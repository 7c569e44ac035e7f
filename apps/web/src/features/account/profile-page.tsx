import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@visus/contracts';
import { ageInYears, calendarDateOf, canUseTwoFactor, parseCalendarDate, type Role } from '@visus/core';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { ChangePasswordForm } from './change-password-form';
import { DataDownload } from './data-download';
import { ProfileDetailsForm } from './profile-details-form';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ClinicSharingCard } from '@/components/clinic-sharing-card';
import { TwoStepCard } from './two-step-card';

const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  user: 'User',
  tester: 'Tester',
  clinician: 'Clinician',
};

/** Age in whole years today (SPEC.md §5), or null when no valid date of birth is stored. */
function ageOf(dob: string | null): number | null {
  const date = dob === null ? null : parseCalendarDate(dob);
  return date === null ? null : ageInYears(date, calendarDateOf(new Date()));
}

function memberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

function Summary({ user }: { user: CurrentUser }) {
  const age = ageOf(user.dob);
  const since = memberSince(user.createdAt);
  return (
    <Box>
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
        Profile
      </Typography>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, wordBreak: 'break-word' }}
      >
        {user.name}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Chip label={user.email} variant="outlined" />
        <Chip label={age === null ? 'Date of birth not set' : `Age ${age}`} variant="outlined" />
        <Chip label={ROLE_LABELS[user.role]} variant="outlined" color="primary" />
        {since && <Chip label={`Member since ${since}`} variant="outlined" />}
      </Stack>
    </Box>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 }, height: '100%' }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}

/** /user/profile and /admin/profile: see and change personal details and the password. */
export function ProfilePage() {
  const { data: user, error, isLoading, refetch } = useCurrentUser();

  if (!user) {
    if (error && !isLoading) {
      return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;
    }
    return (
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="text" width={220} height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }

  return (
    <Stack spacing={4}>
      <Summary user={user} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            title="Personal details"
            text="Your date of birth is used for results that depend on age, such as reading (presbyopia)."
          >
            <ProfileDetailsForm key={user._id} user={user} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            title="Change password"
            text="Changing your password keeps you logged in here and logs you out on your other devices."
          >
            <ChangePasswordForm />
          </Section>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Section
            title="Your data"
            text="One file (JSON) with everything Visus keeps about you: your details, settings and history, every result, your sharing with the clinic, who viewed your data and clinicians' reviews."
          >
            <DataDownload />
          </Section>
        </Grid>
      </Grid>
      {(canUseTwoFactor(user.role) || user.twoFactor.enabled) && <TwoStepCard />}
      <ClinicSharingCard />
    </Stack>
  );
}
