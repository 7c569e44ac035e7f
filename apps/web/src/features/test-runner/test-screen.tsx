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
  'zoom-changed':
    'The browser zoom or display scaling changed since you calibrated, so the letters would be drawn at the wrong size.',
  'screen-changed':
    'This is not the screen you calibrated (its size differs), so the letters would be drawn at the wrong size.',
  'pinch-zoomed':
    'The page is pinch-zoomed, so the letters would be drawn larger than their true size. Pinch back out to 100 % and the test goes on.',
} as const;

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
      Back to Tests
    </Button>
  );

  if (!pin) {
    return (
      <Blocked title="Test session not found" action={testsLink}>
        <Typography>
          This link does not hold a valid test code. Start a new test from the Tests page.
        </Typography>
      </Blocked>
    );
  }
  if (sessionQuery.isLoading || tests.isLoading) return <LoadingOverlay />;
  if (sessionQuery.isError || !sessionQuery.data) {
    return (
      <Blocked title="The test could not be loaded" action={testsLink}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sessionQuery.refetch()}>
              Try again
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
        title="This test is complete"
        action={
          <Stack direction="row" spacing={2}>
            <Button component={RouterLink} to={`/${prefix}/results`} variant="contained">
              See my results
            </Button>
            <Button component={RouterLink} to={`/${prefix}/tests`}>
              Start another test
            </Button>
          </Stack>
        }
      >
        <Typography>This test session has already finished, so it cannot run again.</Typography>
      </Blocked>
    );
  }
  if (session.status === 'expired') {
    return (
      <Blocked title="This test session has expired" action={testsLink}>
        <Typography>Test sessions stay open for a few hours. Please start a new test.</Typography>
      </Blocked>
    );
  }
  if (tests.isError || !settings) {
    return (
      <Blocked title="The test could not be loaded" action={testsLink}>
        <Alert severity="error">{errorMessage(tests.error)}</Alert>
      </Blocked>
    );
  }
  const calibration = activeCalibration(settings);
  const setupLink = (
    <Button component={RouterLink} to={`/${prefix}/setup`} variant="contained">
      Go to Setup
    </Button>
  );
  if (!calibration) {
    return (
      <Blocked title="Calibrate your screen first" action={setupLink}>
        <Typography>
          The tests draw every letter at its true physical size. That needs your screen’s size and your
          distance from it: calibrate in Setup, then start the test again.
        </Typography>
      </Blocked>
    );
  }
  if (validity && !validity.valid) {
    return (
      <Blocked
        title={validity.reason === 'pinch-zoomed' ? 'Undo the pinch-zoom' : 'Calibrate this screen again'}
        action={validity.reason === 'pinch-zoomed' ? testsLink : setupLink}
      >
        <Typography>
          {VALIDITY_TEXT[validity.reason]}
          {validity.reason === 'pinch-zoomed' ? '' : ' Please calibrate again, then come back.'}
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
        title="Calibrate your screen’s colours first"
        action={
          <Button component={RouterLink} to={gammaPath(prefix)} variant="contained">
            Calibrate Colour
          </Button>
        }
      >
        <Typography>{colourCalibrationReason(colour.tests, session.single === null)}</Typography>
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
