import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import {
  ageFromDob,
  calendarDateOf,
  missingCalibrations,
  normalisePin,
  resultCalibration,
  routePrefix,
  sessionTests,
  viewingFrom,
  plannedViewingMethod,
} from '@visus/core';
import { LoadingOverlay } from '@/components/loading-overlay';
import { errorMessage } from '@/lib/api/api-error';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { useAuth, useCurrentUser } from '@/lib/auth/use-auth';
import {
  activeCalibration,
  useCalibrationValidity,
  useCalibrationWindow,
} from '@/lib/settings/calibration-window';
import { useGetTestsQuery } from '@/lib/settings/settings-api';
import { colourCalibrationReason, gammaPath } from './colour-calibration';
import { TestRun } from './run/test-run';
import { useGetSessionQuery } from './test-runner-api';

/** A message screen for sessions that cannot run, with the way out. */
function Blocked({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', py: 4 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children}
      <Box>{action}</Box>
    </Stack>
  );
}

const VALIDITY_TEXT = {
  'zoom-changed': 'blocked.zoomChanged',
  'screen-changed': 'blocked.screenChanged',
  'pinch-zoomed': 'blocked.pinchZoomed',
} as const satisfies Record<string, MessageId>;

/** Whole years from the date of birth today, or null when unknown or unreadable. */
function ageOf(dob: string | null | undefined): number | null {
  if (!dob) return null;
  try {
    return ageFromDob(dob, calendarDateOf(new Date()));
  } catch {
    return null;
  }
}

/**
 * /{role}/test/:token and /{role}/test/:token/test-mode: loads the session, refuses completed or expired
 * ones, screens whose calibration no longer holds and sessions whose tests need the colour calibration
 * on a screen without it (core `missingCalibrations`), then runs the test.
 */
export function TestScreen() {
  const t = useT();
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const testModeRoute = pathname.endsWith('/test-mode');
  const pin = normalisePin(token);
  const { role, token: authToken } = useAuth();
  const prefix = role ? routePrefix(role) : 'user';
  const sessionQuery = useGetSessionQuery(pin ?? '', { skip: !pin });
  const tests = useGetTestsQuery();
  const user = useCurrentUser();
  const settings = tests.data?.settings;
  // A test's sizes never change under it: this screen's profile is put in use on the Tests page, not here.
  const validity = useCalibrationValidity(settings, { switchScreens: false });
  const window_ = useCalibrationWindow();
  const testsLink = (
    <Button component={RouterLink} to={`/${prefix}/tests`} variant="contained">
      {t('status.backToTests')}
    </Button>
  );

  if (!pin) {
    return (
      <Blocked title={t('blocked.notFound')} action={testsLink}>
        <Typography>{t('blocked.notFoundBody')}</Typography>
      </Blocked>
    );
  }
  if (sessionQuery.isLoading || tests.isLoading) return <LoadingOverlay />;
  if (sessionQuery.isError || !sessionQuery.data) {
    return (
      <Blocked title={t('blocked.notLoaded')} action={testsLink}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sessionQuery.refetch()}>
              {t('saving.tryAgain')}
            </Button>
          }
        >
          {errorMessage(sessionQuery.error)}
        </Alert>
      </Blocked>
    );
  }
  const session = sessionQuery.data;
  if (session.testMode !== testModeRoute) {
    // A test-mode session runs on the Test Mode screen and a normal one on the Test screen.
    return <Navigate replace to={`/${prefix}/test/${session.pin}${session.testMode ? '/test-mode' : ''}`} />;
  }
  if (session.status === 'completed') {
    return (
      <Blocked
        title={t('blocked.complete')}
        action={
          <Stack direction="row" spacing={2}>
            <Button component={RouterLink} to={`/${prefix}/results`} variant="contained">
              {t('blocked.seeResults')}
            </Button>
            <Button component={RouterLink} to={`/${prefix}/tests`}>
              {t('blocked.startAnother')}
            </Button>
          </Stack>
        }
      >
        <Typography>{t('blocked.completeBody')}</Typography>
      </Blocked>
    );
  }
  if (session.status === 'expired') {
    return (
      <Blocked title={t('blocked.expired')} action={testsLink}>
        <Typography>{t('blocked.expiredBody')}</Typography>
      </Blocked>
    );
  }
  if (tests.isError || !settings) {
    return (
      <Blocked title={t('blocked.notLoaded')} action={testsLink}>
        <Alert severity="error">{errorMessage(tests.error)}</Alert>
      </Blocked>
    );
  }
  const calibration = activeCalibration(settings);
  const setupLink = (
    <Button component={RouterLink} to={`/${prefix}/setup`} variant="contained">
      {t('blocked.goToSetup')}
    </Button>
  );
  if (!calibration) {
    return (
      <Blocked title={t('blocked.calibrateFirst')} action={setupLink}>
        <Typography>{t('blocked.calibrateFirstBody')}</Typography>
      </Blocked>
    );
  }
  if (validity && !validity.valid) {
    return (
      <Blocked
        title={t(validity.reason === 'pinch-zoomed' ? 'blocked.undoPinch' : 'blocked.calibrateAgain')}
        action={validity.reason === 'pinch-zoomed' ? testsLink : setupLink}
      >
        <Typography>
          {t(VALIDITY_TEXT[validity.reason])}
          {validity.reason === 'pinch-zoomed' ? '' : ` ${t('blocked.calibrateAgainBody')}`}
        </Typography>
      </Blocked>
    );
  }
  // Before the first test, never midway: a session with a grating choice needs the colour calibration.
  const colour = missingCalibrations(sessionTests(session), { screen: true, gamma: settings.gamma }).find(
    (missing) => missing.kind === 'colour',
  );
  if (colour) {
    return (
      <Blocked
        title={t('blocked.coloursFirst')}
        action={
          <Button component={RouterLink} to={gammaPath(prefix)} variant="contained">
            {t('blocked.calibrateColour')}
          </Button>
        }
      >
        <Typography>{colourCalibrationReason(colour.tests, session.single === null, 'test-run')}</Typography>
      </Blocked>
    );
  }
  const viewing = viewingFrom(calibration, window_.devicePixelRatio, settings.gamma);
  // What the stored result keeps of this calibration, for the printed report and the FHIR Device.
  const snapshot =
    settings.method === 'none'
      ? undefined
      : resultCalibration(
          {
            method: settings.method,
            pixelsPerMm: calibration.pixelsPerMm,
            distanceMm: calibration.distanceMm,
          },
          window_.devicePixelRatio,
          settings.gamma,
          navigator.userAgent,
        );
  const age = ageOf(user.data?.dob);
  return (
    <TestRun
      key={session.pin}
      session={session}
      viewing={viewing}
      distanceMethod={calibration ? plannedViewingMethod(calibration) : 'typed'}
      calibration={snapshot}
      age={age}
      prefix={prefix}
      testModeRoute={testModeRoute}
      authToken={authToken}
      autoAdvance={settings.autoAdvance !== false}
      speakInstructions={settings.speakInstructions === true}
    />
  );
}
