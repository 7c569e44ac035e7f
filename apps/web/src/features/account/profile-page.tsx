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
import { currentLanguage, useT, type MessageId } from '@/lib/i18n/i18n';
import '@/lib/i18n/account-messages';
import { ChangePasswordForm } from './change-password-form';
import { DataDownload } from './data-download';
import { ProfileDetailsForm } from './profile-details-form';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ClinicSharingCard } from '@/components/clinic-sharing-card';
import { TwoStepCard } from './two-step-card';

/** The role's name for people (the stored value stays the role's code). */
const ROLE_LABELS: Record<Role, MessageId> = {
  admin: 'account.role.admin',
  user: 'account.role.user',
  tester: 'account.role.tester',
  clinician: 'account.role.clinician',
};

/** Age in whole years today (SPEC.md §5), or null when no valid date of birth is stored. */
function ageOf(dob: string | null): number | null {
  const date = dob === null ? null : parseCalendarDate(dob);
  return date === null ? null : ageInYears(date, calendarDateOf(new Date()));
}

function memberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(currentLanguage(), { year: 'numeric', month: 'long', day: 'numeric' });
}

function Summary({ user }: { user: CurrentUser }) {
  const t = useT();
  const age = ageOf(user.dob);
  const since = memberSince(user.createdAt);
  return (
    <Box>
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
        {t('account.profile.title')}
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
        <Chip
          label={age === null ? t('account.profile.noDob') : t('account.profile.age', { age })}
          variant="outlined"
        />
        <Chip label={t(ROLE_LABELS[user.role])} variant="outlined" color="primary" />
        {since && <Chip label={t('account.profile.memberSince', { date: since })} variant="outlined" />}
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
  const t = useT();
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
          <Section title={t('account.profile.detailsTitle')} text={t('account.profile.detailsText')}>
            <ProfileDetailsForm key={user._id} user={user} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('account.password.title')} text={t('account.profile.passwordText')}>
            <ChangePasswordForm />
          </Section>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <Section title={t('account.profile.dataTitle')} text={t('account.profile.dataText')}>
            <DataDownload />
          </Section>
        </Grid>
      </Grid>
      {(canUseTwoFactor(user.role) || user.twoFactor.enabled) && <TwoStepCard />}
      <ClinicSharingCard />
    </Stack>
  );
}
