import { Component, Suspense, useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import {
  ageFromDob,
  calendarDateOf,
  canonicalKey,
  defaultRng,
  isKeyForTest,
  keyboardKey,
  normalisePin,
  routePrefix,
  showsProgress,
  TEST_DEFINITIONS,
  viewingFrom,
  type Correction,
  type AcuityTrial,
  type FlowState,
  type TestStatus,
  type Viewing,
} from '@visus/core';
import type { Session } from '@visus/contracts';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { errorMessage } from '@/lib/api/api-error';
import { useAuth, useCurrentUser } from '@/lib/auth/use-auth';
import { useTestsSocket } from '@/lib/realtime/use-tests-socket';
import {
  activeCalibration,
  useCalibrationValidity,
  useCalibrationWindow,
} from '@/lib/settings/calibration-window';
import { useGetTestsQuery } from '@/lib/settings/settings-api';
import { CheckScreen } from './check-screen';
import {
  clearSnapshot,
  loadSnapshot,
  panelKey,
  saveSnapshot,
  trialsFitRun,
  type PanelTrials,
} from './flow-snapshot';
import { FullscreenToggle, useIsFullscreen } from './fullscreen-toggle';
import { TEST_PANELS } from './panels';
import type { ResultPatch } from './panels/panel-types';
import { buildResultRecord, hasResults } from './result-record';
import { enqueueResult, isConfirmed, outboxEntry, retryEntry, subscribeOutbox } from './results-outbox';
import {
  controllerStatusChanged,
  displayStatusChanged,
  sessionCleared,
  sessionOpened,
} from './session-slice';
import { StatusScreen, type StatusScreenKind } from './status-screen';
import {
  resultsCleared,
  resultsEnded,
  resultsRestored,
  resultsStarted,
  resultsUpdated,
} from './test-results-slice';
import { useCompleteSessionMutation, useGetSessionQuery } from './test-runner-api';
import {
  BACKGROUND_COLOURS,
  controllerReady,
  flowEvent,
  flowLoaded,
  flowRestored,
  keyConsumed,
  keyPressed,
  progressed,
  steppedBack,
  testBackground,
  testReset,
} from './test-slice';
import { useCountdown } from './use-countdown';
import { useWakeLock } from './use-wake-lock';

/** SPEC.md §2/§9: after a finished test the app goes to the results 3 s later. */
export const REDIRECT_AFTER_MS = 3000;

/** Statuses a 'continue' key (Space, or CONTINUE on the phone) moves on from. */
const STARTABLE: ReadonlySet<TestStatus> = new Set([
  'Ready',
  'Checked',
  'Repeat',
  'Continue',
  'Complete',
  'PartBReady',
  'PartCReady',
]);

/** The status the phone is told: after the check the display "tells the controller Ready" (SPEC.md §4). */
function shownStatus(flow: FlowState): TestStatus {
  return flow.status === 'Checked' ? 'Ready' : flow.status;
}

/** What the phone needs to resume after it reconnects (answer to sync-display). */
function reconnectState(flow: FlowState) {
  return {
    testStatus: shownStatus(flow),
    currentTest: flow.currentTest,
    partBMethod: flow.currentTest ? TEST_DEFINITIONS[flow.currentTest].testBMethod : '',
    correction: flow.correction,
    controllerChecked: flow.controllerChecked,
    eye: flow.eye,
    section: flow.section,
    round: flow.currentLoop,
    loopLength: flow.loopLength,
  };
}

/** The record's place in the outbox, as a value useSyncExternalStore can compare. */
function outboxStatus(key: string): string {
  if (isConfirmed(key)) return 'confirmed';
  const entry = outboxEntry(key);
  if (!entry) return 'absent';
  return entry.rejected
    ? `rejected:${entry.error ?? ''}`
    : entry.attempts > 0
      ? `retrying:${entry.error ?? ''}`
      : 'pending';
}

/** Catches a panel's crash: the flow stops ('A Test Error Has Occurred') and the results so far are kept. */
class PanelErrorBoundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Test panel failed', error, info.componentStack);
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
 * ones and screens whose calibration no longer holds, then runs the test.
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
  const validity = useCalibrationValidity(settings);
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
      <Blocked title="Calibrate this screen again" action={setupLink}>
        <Typography>{VALIDITY_TEXT[validity.reason]} Please calibrate again, then come back.</Typography>
      </Blocked>
    );
  }
  const viewing = viewingFrom(calibration, window_.devicePixelRatio, settings.gamma);
  const age = ageOf(user.data?.dob);
  return (
    <TestRunner
      key={session.pin}
      session={session}
      viewing={viewing}
      age={age}
      prefix={prefix}
      testModeRoute={testModeRoute}
      authToken={authToken}
    />
  );
}

interface TestRunnerProps {
  session: Session;
  viewing: Viewing;
  age: number | null;
  prefix: string;
  testModeRoute: boolean;
  authToken: string | null;
}

/** The running test: the flow (core), the phone link, the keyboard, the status screens and the panel. */
function TestRunner({ session, viewing, age, prefix, testModeRoute, authToken }: TestRunnerProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector((state) => state.test.flow);
  const results = useAppSelector((state) => state.testResults.results);
  const [completeSession] = useCompleteSessionMutation();
  const fullscreen = useIsFullscreen();
  const pin = session.pin;
  const flowRef = useRef(flow);
  useEffect(() => {
    flowRef.current = flow;
  });
  // The running panel's answered trials, written by the panel after every answer, saved with the flow.
  const trialsRef = useRef<PanelTrials | undefined>(undefined);
  // After a reload: the running eye's trials from this display's copy, handed to its panel so it goes on
  // from its round (only while they account for exactly the rounds so far).
  const restoredTrials = useAppSelector((state) => state.test.resumeTrials);
  const runKey = panelKey(flow);
  const saveTrials = useCallback(
    (trials: readonly AcuityTrial[]) => {
      trialsRef.current = { panel: runKey, trials: [...trials] };
    },
    [runKey],
  );
  const resumeTrials =
    restoredTrials && trialsFitRun(restoredTrials, flow) ? restoredTrials.trials : undefined;

  // Load the flow, or restore this display's own copy after a reload; leaving resets the slices.
  useEffect(() => {
    const snapshot = loadSnapshot(pin);
    trialsRef.current = snapshot?.trials;
    if (snapshot) {
      dispatch(flowRestored({ flow: snapshot.flow, trials: snapshot.trials }));
      dispatch(resultsRestored(snapshot.results));
    } else {
      dispatch(
        flowLoaded({
          flowA: session.single ? [session.single] : session.testFlowA,
          testMode: session.testMode,
        }),
      );
    }
    dispatch(sessionOpened(session));
    dispatch(displayStatusChanged('Ready'));
    document.body.dataset.testMode = String(session.testMode);
    return () => {
      dispatch(testReset());
      dispatch(sessionCleared());
      dispatch(resultsCleared());
      delete document.body.dataset.testMode;
    };
  }, [dispatch, pin, session]);

  useEffect(() => {
    if (flow.status === '' || flow.status === 'Finished') return;
    // Only the running eye's trials are worth keeping: any other panel run has ended.
    const trials = trialsRef.current && trialsFitRun(trialsRef.current, flow) ? trialsRef.current : undefined;
    saveSnapshot(pin, { flow, results, trials });
  }, [pin, flow, results]);

  // The phone link (SPEC.md §4 handshake, §7 Realtime).
  const auth = useMemo(
    () => (authToken ? ({ role: 'display', token: authToken, pin } as const) : null),
    [authToken, pin],
  );
  const link = useTestsSocket(
    auth,
    {
      'controller-ready': ({ correction }) => {
        dispatch(controllerReady(correction));
        dispatch(controllerStatusChanged('Ready'));
      },
      'controller-key': ({ key }) => {
        const canonical = canonicalKey(key);
        const test = flowRef.current.currentTest;
        if (canonical === null || !test || !isKeyForTest(test, canonical)) return;
        // Sloan letters come in either case; the keyboard sends them upper-case, so the phone's are too.
        const letter = test === 'sloan' && /^[a-z]$/.test(canonical);
        dispatch(keyPressed({ key: letter ? canonical.toUpperCase() : canonical, now: Date.now() }));
      },
      'controller-status': () => report(flowRef.current),
      'sync-display': () => {
        void link.emit('display-reconnect', { state: reconnectState(flowRef.current) });
        report(flowRef.current);
      },
    },
    { onConnect: () => report(flowRef.current) },
  );
  const connected = link.connection === 'connected';
  const controllerConnected = link.sessionState?.controllerConnected ?? false;

  function report(current: FlowState) {
    if (current.status === '') return;
    if (current.status === 'Check') {
      // Handshake step 1: ask the phone to sync (it answers controller-ready with the correction).
      void link.emit('sync-controller', { testStatus: 'Check', currentTest: current.currentTest });
      dispatch(controllerStatusChanged('Sync'));
      return;
    }
    const testStatus = shownStatus(current);
    const partBMethod = current.currentTest ? TEST_DEFINITIONS[current.currentTest].testBMethod : '';
    void link.emit('display-key', { currentTest: current.currentTest, testStatus, partBMethod });
    void link.emit('display-status', { testStatus });
  }
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  });

  // Tell the phone on every change of status, test or eye, and again when a phone (re)joins.
  useEffect(() => {
    if (connected) reportRef.current(flowRef.current);
  }, [connected, controllerConnected, flow.status, flow.currentTest, flow.eye]);

  // Handshake: Ready with a socket and no check yet → Check.
  useEffect(() => {
    if (flow.status === 'Ready' && !flow.controllerChecked && connected)
      dispatch(flowEvent({ type: 'check' }));
  }, [dispatch, flow.status, flow.controllerChecked, connected]);

  const keyboardChosen = useCallback(
    (correction: Correction) => {
      if (flowRef.current.status === 'Ready') dispatch(flowEvent({ type: 'check' }));
      dispatch(controllerReady(correction));
    },
    [dispatch],
  );

  // The keyboard (core keyboardKey for the current test); typing in a form field is left alone.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"], [role="slider"]')) return;
      const test = flowRef.current.currentTest;
      if (!test) return;
      const key = keyboardKey(test, event.key);
      if (key === null) return;
      event.preventDefault(); // Space must not press a focused button nor scroll the page
      dispatch(keyPressed({ key, now: Date.now() }));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  // Keys outside a running test: 'continue' moves on, anything else is consumed without effect.
  useEffect(() => {
    const press = flow.keyPressed;
    if (!press) return;
    if (flow.status === 'InTest' && !flow.saveRequested) return; // the panel consumes it
    if (press.key === 'continue' && STARTABLE.has(flow.status))
      dispatch(flowEvent({ type: 'start', now: Date.now() }));
    dispatch(keyConsumed());
  }, [dispatch, flow.keyPressed, flow.status, flow.saveRequested]);

  // The results' start: the first move to InTest (recorded once).
  useEffect(() => {
    if (flow.startedAt !== null && results.start === undefined) dispatch(resultsStarted(flow.startedAt));
  }, [dispatch, flow.startedAt, results.start]);

  // The 10-second screens go on by themselves.
  const countdownKey = ['Repeat', 'Continue', 'Complete', 'PartBReady', 'PartCReady'].includes(flow.status)
    ? `${flow.status}-${flow.section}-${flow.flowIndex}-${flow.eye}`
    : null;
  const elapsed = useCountdown(countdownKey, () => dispatch(flowEvent({ type: 'start', now: Date.now() })));

  // Saving: outbox first, then PUT (the app's flusher), then PATCH complete, then Finished.
  const outbox = useSyncExternalStore(subscribeOutbox, () => outboxStatus(pin));
  const queued = useRef(false);
  const completing = useRef(false);
  const mustSave = flow.saveRequested || (flow.status === 'Stopped' && hasResults(results));
  useEffect(() => {
    if (!mustSave || queued.current) return;
    queued.current = true;
    const record = buildResultRecord(session, flow, results, Date.now());
    dispatch(resultsEnded(record.data.end));
    enqueueResult(record);
  }, [dispatch, mustSave, session, flow, results]);
  useEffect(() => {
    if (outbox !== 'confirmed' || completing.current) return;
    completing.current = true;
    // The server completes the session when it stores the result; PATCH says so explicitly (idempotent).
    void completeSession(pin)
      .unwrap()
      .catch((error: unknown) => console.warn('Completing the session failed', error))
      .finally(() => dispatch(flowEvent({ type: 'resultsSaved' })));
  }, [completeSession, dispatch, outbox, pin]);

  useEffect(() => {
    if (flow.status !== 'Finished') return;
    clearSnapshot(pin);
    const timer = setTimeout(() => void navigate(`/${prefix}/results?redirect=latest`), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [flow.status, navigate, pin, prefix]);

  const running = flow.status !== '' && flow.status !== 'Finished' && flow.status !== 'Stopped';
  useWakeLock(running);

  // A single test ends the session when it ends: core's next-step rule needs the finish flag for that
  // (otherwise the end of Part A would lead on to Part B).
  const single = session.single !== null;
  const progress = useCallback(
    (flags: { skip?: boolean; finish?: boolean } = {}) =>
      dispatch(progressed({ now: Date.now(), ...flags, ...(single ? { finish: true } : {}) })),
    [dispatch, single],
  );
  const record = useCallback((patch: ResultPatch) => dispatch(resultsUpdated(patch)), [dispatch]);
  const consumeKey = useCallback(() => dispatch(keyConsumed()), [dispatch]);
  const stepBack = useCallback(() => dispatch(steppedBack()), [dispatch]);
  const now = useCallback(() => Date.now(), []);
  const stop = useCallback(() => dispatch(flowEvent({ type: 'stop' })), [dispatch]);

  const test = flow.currentTest;
  if (flow.status === '' || !test) return <LoadingOverlay />;
  const name = TEST_DEFINITIONS[test].name;
  const checking = (flow.status === 'Ready' || flow.status === 'Check') && !flow.controllerChecked;
  const atReady = checking || flow.status === 'Ready' || flow.status === 'Checked';
  const showHint = atReady && (testModeRoute || (flow.section === 'Part A' && test !== 'duoChrome'));
  const background = testBackground(flow);
  const Panel = TEST_PANELS[test];

  let body: ReactNode;
  if (checking) {
    body = (
      <CheckScreen
        pin={pin}
        fullscreen={fullscreen}
        controllerConnected={controllerConnected}
        connection={link.connection}
        connectionError={link.error}
        onKeyboard={keyboardChosen}
      />
    );
  } else if (flow.status === 'InTest' && !flow.saveRequested) {
    body = (
      <PanelErrorBoundary key={runKey} onError={stop}>
        <Suspense fallback={<CircularProgress aria-label="Loading the test" sx={{ m: 'auto' }} />}>
          <Panel
            key={runKey}
            test={test}
            eye={flow.eye}
            round={flow.currentLoop}
            loopLength={flow.loopLength}
            pendingKey={flow.keyPressed}
            consumeKey={consumeKey}
            progress={progress}
            stepBack={stepBack}
            record={record}
            viewing={viewing}
            age={age}
            rng={defaultRng}
            now={now}
            testMode={session.testMode}
            resumeTrials={resumeTrials}
            saveTrials={saveTrials}
          />
        </Suspense>
      </PanelErrorBoundary>
    );
  } else if (flow.saveRequested) {
    body = <SavingScreen outbox={outbox} pin={pin} />;
  } else {
    const kind: StatusScreenKind | null =
      flow.status === 'Ready' || flow.status === 'Checked'
        ? 'ready'
        : flow.status === 'Repeat'
          ? 'repeat'
          : flow.status === 'Continue'
            ? 'continue'
            : flow.status === 'Complete' || flow.status === 'PartBReady' || flow.status === 'PartCReady'
              ? 'complete'
              : flow.status === 'Finished'
                ? 'finished'
                : flow.status === 'Stopped'
                  ? 'stopped'
                  : null;
    body = kind ? (
      <StatusScreen kind={kind} testName={name} bothEyes={test === 'presbyopia'} elapsed={elapsed}>
        {kind === 'ready' && (
          <Typography color="text.secondary">
            Press START on your phone, or Space on the keyboard, to start.
          </Typography>
        )}
        {kind === 'complete' && (
          <Typography color="text.secondary">
            Next: {name}
            {flow.status !== 'Complete' ? ` (${flow.section})` : ''}. Press CONTINUE or Space to go on now.
          </Typography>
        )}
        {kind === 'stopped' && (
          <StoppedDetails outbox={outbox} hadResults={hasResults(results)} prefix={prefix} />
        )}
      </StatusScreen>
    ) : (
      <LoadingOverlay />
    );
  }

  return (
    <Box
      data-testid="test-screen"
      data-status={flow.status}
      data-test={test}
      data-eye={flow.eye}
      data-round={flow.currentLoop}
      sx={{
        position: 'relative',
        minHeight: 'calc(100vh - 160px)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        bgcolor: BACKGROUND_COLOURS[background],
        color: background === 'dark' ? '#fff' : '#000',
      }}
    >
      {flow.status === 'InTest' && showsProgress(test, flow.infinite) && (
        <Typography
          sx={{
            position: 'absolute',
            top: 12,
            left: 16,
            fontSize: '1.125rem',
            fontWeight: 600,
            opacity: 0.85,
          }}
          aria-live="polite"
        >
          Progress: {flow.currentLoop} / {flow.loopLength}
        </Typography>
      )}
      {session.testMode && (
        <Typography
          variant="overline"
          sx={{ position: 'absolute', top: 8, right: 16, color: 'warning.main', fontWeight: 700 }}
        >
          Test mode
        </Typography>
      )}
      {!checking && link.connection === 'reconnecting' && (
        // The check screen says this itself; during the test the link can drop too (a server restart).
        <Alert
          severity="warning"
          role="status"
          data-testid="display-link-status"
          sx={{ position: 'absolute', top: 48, left: '50%', transform: 'translateX(-50%)', zIndex: 1 }}
        >
          Connecting to the server again… Your answers so far are kept; you can also use this keyboard.
        </Alert>
      )}
      {body}
      <FullscreenToggle showHint={showHint} />
    </Box>
  );
}

/** While the record goes to the server: saved locally first, so nothing is lost if the network drops. */
function SavingScreen({ outbox, pin }: { outbox: string; pin: string }) {
  const rejected = outbox.startsWith('rejected:') ? outbox.slice('rejected:'.length) : null;
  const retrying = outbox.startsWith('retrying:');
  return (
    <Stack spacing={3} role="status" sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700 }}>
        Saving your results
      </Typography>
      {rejected !== null ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => retryEntry(pin)}>
              Try again
            </Button>
          }
        >
          The server did not accept the results: {rejected || 'Server Error'}. They are kept on this device.
        </Alert>
      ) : (
        <>
          <CircularProgress aria-label="Saving" />
          <Typography color="text.secondary">
            {retrying
              ? 'No answer from the server yet. Your results are kept on this device and will be sent as soon as the connection returns.'
              : 'Your results are stored on this device and are being sent.'}
          </Typography>
        </>
      )}
    </Stack>
  );
}

function StoppedDetails({
  outbox,
  hadResults,
  prefix,
}: {
  outbox: string;
  hadResults: boolean;
  prefix: string;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      {hadResults && (
        <Typography color="text.secondary">
          {outbox === 'confirmed'
            ? 'The results gathered so far have been saved.'
            : 'The results gathered so far are kept on this device and will be saved.'}
        </Typography>
      )}
      <Button component={RouterLink} to={`/${prefix}/tests`} variant="contained">
        Back to Tests
      </Button>
    </Stack>
  );
}
