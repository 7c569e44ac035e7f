import { lazy, Suspense, useState, type ReactNode } from 'react';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import CheckIcon from '@mui/icons-material/Check';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BarChartOutlinedIcon from '@mui/icons-material/BarChartOutlined';
import ContrastOutlinedIcon from '@mui/icons-material/ContrastOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import StraightenOutlinedIcon from '@mui/icons-material/StraightenOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ResultsList } from '@visus/contracts';
import {
  gettingStarted,
  greetingName,
  routePrefix,
  type GettingStartedStep,
  type Role,
  type SetupProgress,
} from '@visus/core';
import { api } from '@/lib/api/api';
import { activeCalibration, useCalibrationValidity } from '@/lib/settings/calibration-window';
import { useGetTestsQuery } from '@/lib/settings/settings-api';
import { useAuth, useCurrentUser } from '@/lib/auth/use-auth';
import { t, useT, type MessageId } from '@/lib/i18n/i18n';
import '@/lib/i18n/account-messages';

// The confirmation (MUI's Dialog and Modal) downloads when Delete account is first pointed at, focused or
// pressed, not with the dashboard (issue 25 item 5).
const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })),
);

/**
 * How many results the person has: the account's own call (a feature never imports another feature's
 * API), tagged 'Results' so a newly saved result refreshes it.
 */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    resultCount: build.query<number, void>({
      query: () => ({ url: '/tests/results', params: { page: '1', limit: '1' } }),
      transformResponse: (response: { data: ResultsList }) => response.data.total,
      providesTags: ['Results'],
    }),
  }),
});

/**
 * The steps before a first test and whether each is done (core's gettingStarted), or null while that
 * is not known yet (loading) or cannot be (a failed request: then every step is shown, as for a new
 * account).
 */
interface GettingStartedState {
  readonly steps: { step: GettingStartedStep; done: boolean }[];
  readonly screen: SetupProgress['screen'];
}

function useGettingStarted(): GettingStartedState | null {
  const tests = useGetTestsQuery();
  const results = dashboardApi.useResultCountQuery();
  const settings = tests.data?.settings;
  const validity = useCalibrationValidity(settings);
  if (tests.isError || results.isError) return { steps: gettingStarted(NOTHING_DONE), screen: 'none' };
  if (!tests.data || !settings || results.data === undefined) return null;
  const calibrated = activeCalibration(settings) !== null;
  // Whether the calibration holds here is not known yet (this screen's profile is being looked up):
  // still loading, rather than a "holds" that would turn into "calibrate again" a moment later.
  if (calibrated && validity === null) return null;
  const screen = !calibrated ? 'none' : validity?.valid === false ? 'does-not-hold' : 'holds';
  const steps = gettingStarted({
    screen,
    gamma: settings.gamma,
    history: tests.data.opticalHistory !== null,
    results: results.data,
  });
  return { steps, screen };
}

const NOTHING_DONE = { screen: 'none', gamma: 1, history: false, results: 0 } as const;

interface NextStep {
  title: string;
  text: string;
  to: string;
  icon: typeof SvgIcon;
  step?: number;
}

/** The cards of the steps before a first test; `screen` says "again" when the calibration stopped holding. */
function setupCards(role: Role, screenAgain: boolean): Record<GettingStartedStep, NextStep> {
  const prefix = routePrefix(role);
  return {
    screen: screenAgain
      ? {
          title: t('account.dashboard.screenAgain.title'),
          text: t('account.dashboard.screenAgain.text'),
          to: `/${prefix}/setup`,
          icon: StraightenOutlinedIcon,
        }
      : {
          title: t('account.dashboard.screen.title'),
          text: t('account.dashboard.screen.text'),
          to: `/${prefix}/setup`,
          icon: StraightenOutlinedIcon,
        },
    colour: {
      title: t('account.dashboard.colour.title'),
      text: t('account.dashboard.colour.text'),
      to: '/user/gamma',
      icon: ContrastOutlinedIcon,
    },
    history: {
      title: t('account.dashboard.history.title'),
      text: t('account.dashboard.history.text'),
      to: `/${prefix}/history`,
      icon: AssignmentOutlinedIcon,
    },
    'first-test': {
      title: t('account.dashboard.firstTest.title'),
      text: t('account.dashboard.firstTest.text'),
      to: `/${prefix}/tests`,
      icon: VisibilityOutlinedIcon,
    },
  };
}

/** What a done step is called in the "Your set-up" list. */
const DONE_LABEL: Record<Exclude<GettingStartedStep, 'first-test'>, MessageId> = {
  screen: 'account.dashboard.done.screen',
  colour: 'account.dashboard.done.colour',
  history: 'account.dashboard.done.history',
};

/** The cards every dashboard has after the steps: the tests (once taken), results and profile. */
function everydayCards(role: Role, tested: boolean): NextStep[] {
  const prefix = routePrefix(role);
  return [
    ...(tested
      ? [
          {
            title: t('account.dashboard.takeTest.title'),
            text: t('account.dashboard.takeTest.text'),
            to: `/${prefix}/tests`,
            icon: VisibilityOutlinedIcon,
          },
        ]
      : []),
    {
      title: role === 'admin' ? t('account.dashboard.myResults') : t('account.dashboard.results'),
      text: t('account.dashboard.results.text'),
      to: `/${prefix}/results`,
      icon: BarChartOutlinedIcon,
    },
    {
      title: t('account.profile.title'),
      text: t('account.dashboard.profile.text'),
      to: `/${prefix}/profile`,
      icon: AccountCircleOutlinedIcon,
    },
  ];
}

/** The done set-up steps, each with a link to change it. */
function SetupDone({ role, done }: { role: Role; done: Exclude<GettingStartedStep, 'first-test'>[] }) {
  const t = useT();
  const cards = setupCards(role, false);
  return (
    <Box
      component="ul"
      aria-label={t('account.dashboard.setUp')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {done.map((step) => (
        <Box component="li" key={step}>
          <Button
            component={RouterLink}
            to={cards[step].to}
            size="small"
            variant="outlined"
            startIcon={<CheckIcon aria-hidden />}
            aria-label={t('account.dashboard.done.change', { label: t(DONE_LABEL[step]) })}
          >
            {t(DONE_LABEL[step])}
          </Button>
        </Box>
      ))}
    </Box>
  );
}

/** The loading steps' height: past the bottom of the first screen, so the footer is out of sight. */
const LOADING_MIN_HEIGHT = '75vh';

/** The steps still to do before a first test (numbered as taken), then the everyday cards. */
function StepsSection({ role, state }: { role: Role; state: GettingStartedState | null }) {
  const t = useT();
  if (state === null) {
    // As tall as the steps usually are, and nothing below it until they are in (DashboardPage): what
    // comes in then takes the skeleton's place instead of pushing the page down (issue 25, CLS).
    return (
      <Grid
        container
        spacing={2}
        role="status"
        aria-busy="true"
        aria-label={t('account.dashboard.loadingSteps')}
        sx={{ minHeight: LOADING_MIN_HEIGHT, alignContent: 'flex-start' }}
      >
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Skeleton variant="rounded" height={120} />
          </Grid>
        ))}
      </Grid>
    );
  }
  const isDone = (step: GettingStartedStep) => state.steps.find((s) => s.step === step)?.done ?? false;
  const todo = state.steps.filter((s) => !s.done);
  const cards = setupCards(role, state.screen === 'does-not-hold');
  const todoCards = todo.map(({ step }, index) => ({ ...cards[step], step: index + 1 }));
  const done = (['screen', 'colour', 'history'] as const).filter(isDone);
  return (
    <Stack spacing={3}>
      {todo.length > 0 && (
        <Box component="section" aria-labelledby="first-steps">
          <Typography id="first-steps" variant="h5" component="h2" gutterBottom>
            {isDone('first-test') ? t('account.dashboard.beforeNext') : t('account.dashboard.beforeFirst')}
          </Typography>
          <StepGrid steps={todoCards} />
        </Box>
      )}
      <Box component="section" aria-labelledby="next-steps">
        <Typography id="next-steps" variant="h5" component="h2" gutterBottom>
          {todo.length === 0
            ? t('account.dashboard.nextSteps')
            : isDone('first-test')
              ? t('account.dashboard.testsAndResults')
              : t('account.dashboard.resultsAndProfile')}
        </Typography>
        <Stack spacing={2}>
          {done.length > 0 && <SetupDone role={role} done={done} />}
          <StepGrid steps={everydayCards(role, isDone('first-test'))} />
        </Stack>
      </Box>
    </Stack>
  );
}

/** The admin screens' cards (when no Administration section is given). */
const adminSteps = (): NextStep[] => [
  {
    title: t('account.dashboard.manageUsers.title'),
    text: t('account.dashboard.manageUsers.text'),
    to: '/admin/profiles',
    icon: GroupOutlinedIcon,
  },
  {
    title: t('account.dashboard.invites.title'),
    text: t('account.dashboard.invites.text'),
    to: '/admin/invite',
    icon: MailOutlineIcon,
  },
];

function StepCard({ title, text, to, icon: Icon, step }: NextStep) {
  const t = useT();
  return (
    <Card
      sx={{ height: '100%', transition: 'border-color 120ms', '&:hover': { borderColor: 'primary.main' } }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Box
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: 2,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                flexShrink: 0,
              }}
            >
              <Icon />
            </Box>
            <Box>
              {step !== undefined && (
                <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
                  {t('account.dashboard.step', { step })}
                </Typography>
              )}
              <Typography variant="h6" component="h3">
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function StepGrid({ steps }: { steps: NextStep[] }) {
  return (
    <Grid container spacing={2}>
      {steps.map((step) => (
        <Grid key={step.to} size={{ xs: 12, sm: 6, lg: 4 }}>
          <StepCard {...step} />
        </Grid>
      ))}
    </Grid>
  );
}

/** The line under the greeting: what to do first, or that the set-up is done. */
function intro(state: GettingStartedState | null): string {
  if (state === null) return t('account.dashboard.intro.loading');
  const todo = state.steps.filter((s) => !s.done).length;
  if (todo === 0) return t('account.dashboard.intro.done');
  if (todo === 1 && state.screen === 'does-not-hold') return t('account.dashboard.intro.screenAgain');
  if (state.steps.find((s) => s.step === 'first-test')?.done) return t('account.dashboard.intro.partly');
  return t('account.dashboard.intro.first');
}

interface DashboardPageProps {
  /**
   * The admin's Administration section, composed in app/ (e.g. with the counts of the admin feature);
   * without it admins get links to the admin screens.
   */
  administration?: ReactNode;
}

/** /user/dashboard and /admin/dashboard ("My Account"). */
export function DashboardPage({ administration }: DashboardPageProps = {}) {
  const t = useT();
  const { role } = useAuth();
  const { data: user } = useCurrentUser();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Once wanted the dialog stays mounted, so that it opens and closes with its transition.
  const [deleteWanted, setDeleteWanted] = useState(false);
  const wantDelete = () => setDeleteWanted(true);
  const gettingStartedState = useGettingStarted();
  if (role === null) return null;
  // The first name without a title: "Hello, Olu" for "Dr Olu Adeyemi" (core greetingName).
  const firstName = user ? greetingName(user.name) : '';

  return (
    <Stack spacing={5}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('nav.myAccount')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {user ? t('account.dashboard.hello', { name: firstName || user.name }) : <Skeleton width={280} />}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
          {intro(gettingStartedState)}
        </Typography>
      </Box>

      <StepsSection role={role} state={gettingStartedState} />

      {/* The sections below the steps wait for them, so that the steps coming in push nothing down. */}
      {gettingStartedState !== null && role === 'admin' && administration}
      {gettingStartedState !== null && role === 'admin' && !administration && (
        <Box component="section" aria-labelledby="administration">
          <Typography id="administration" variant="h5" component="h2" gutterBottom>
            {t('account.dashboard.administration')}
          </Typography>
          <StepGrid steps={adminSteps()} />
        </Box>
      )}

      {gettingStartedState !== null && (
        <Paper
          component="section"
          aria-labelledby="danger-zone"
          variant="outlined"
          sx={{ p: 3, borderColor: 'error.light' }}
        >
          <Typography id="danger-zone" variant="h6" component="h2" color="error">
            {t('account.dashboard.dangerZone')}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Typography color="text.secondary">{t('account.dashboard.dangerText')}</Typography>
            <Button
              color="error"
              variant="outlined"
              onPointerEnter={wantDelete}
              onFocus={wantDelete}
              onClick={() => {
                wantDelete();
                setConfirmDelete(true);
              }}
              sx={{ flexShrink: 0 }}
            >
              {t('account.dashboard.deleteAccount')}
            </Button>
          </Stack>
        </Paper>
      )}
      {deleteWanted && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={confirmDelete} onClose={() => setConfirmDelete(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
