import { useEffect, useMemo, useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import {
  CONTROLLER_KEYS,
  TEST_DEFINITIONS,
  normalisePin,
  type ControllerLayout,
  type Correction,
  type TestId,
  type TestStatus,
} from '@visus/core';
import { REALTIME_ERRORS } from '@visus/contracts/constants';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { emitWithAck } from '@/lib/realtime/tests-socket';
import { useTestsSocket, type TestsConnection } from '@/lib/realtime/use-tests-socket';
import { controllerKeyFor, rememberCorrection, rememberedCorrection } from './controller-identity';
import { ContinueButton, ControllerPad, DIRECTION_LABELS } from './controller-pad';
import { CorrectionQuestion } from './correction-question';
import {
  controllerStarted,
  correctionAccepted,
  correctionFailed,
  correctionRequested,
  displayKeyReceived,
  displayReconnected,
  displayStatusReceived,
  handshakeDone,
  selectController,
  sessionStateReceived,
  syncRequested,
} from './controller-slice';

/** How long a failed key press notice stays up (ms). */
const NOTICE_MS = 3000;
/** Haptic tick on every press, where the phone supports it (ms). */
const VIBRATION_MS = 15;

const NOT_DELIVERED = 'Your screen did not get that: is the test open on your computer?';

/** A sent key as people read it: 'Up-left' rather than '135'. */
function keyLabel(test: TestId | null, key: string): string {
  if (key === 'continue') return 'Continue';
  if (key === 'submit') return 'Submit';
  if (key === 'back') return 'Back';
  if (key.startsWith('rx_')) return 'your answer';
  const layout = test ? CONTROLLER_KEYS[test].layout : null;
  if ((layout === 'directions-8' || layout === 'directions-4') && DIRECTION_LABELS[key])
    return DIRECTION_LABELS[key];
  if (layout === 'grating-positions' || layout === 'diamond') return key;
  return layout === 'letters' ? key : key.charAt(0).toUpperCase() + key.slice(1);
}

/** The question on the phone while a test runs, per pad. */
function prompt(test: TestId, layout: ControllerLayout): string {
  switch (layout) {
    case 'letters':
      return 'Which letter do you see?';
    case 'directions-8':
      return 'Where is the gap in the ring?';
    case 'directions-4':
      return 'Which way do the bars of the E point?';
    case 'axis':
      return 'Which image is clearer?';
    case 'grating-positions':
      return 'Which target has the lines?';
    case 'spoke-circle':
    case 'spoke-ellipse':
      return 'Adjust the shape on your screen, then Submit.';
    case 'diamond':
      return 'Choose a tile, then Submit.';
    case 'duochrome':
      return 'Are the letters clearer on red or on green?';
    case 'presbyopia':
      return 'Answer on this phone, then Submit.';
    default:
      return TEST_DEFINITIONS[test].name;
  }
}

/** What the phone says while the display needs nothing from it. */
function waitingText(status: TestStatus | null, displayConnected: boolean | null): [string, string] {
  if (displayConnected === false)
    return ['Waiting for your screen', 'Open the test on your computer; this phone follows it.'];
  switch (status) {
    case 'Checked':
      return ['Thank you', 'Your screen is getting the test ready.'];
    case 'Complete':
      return ['Test completed', 'Your next test will start in 10 seconds.'];
    case 'PartBReady':
    case 'PartCReady':
      return ['Next part', 'Look at your screen: the next part is about to start.'];
    case 'Finished':
      return ['Test complete', 'Your results are on your screen.'];
    case 'Stopped':
      return ['Test interrupted', 'A test error has occurred: look at your screen.'];
    default:
      return ['Waiting for your screen', 'Keep the test page open on your computer.'];
  }
}

/** What to do about a refusal (the refusal itself is in the status line). */
function refusalAdvice(error: string | null): string {
  switch (error) {
    case REALTIME_ERRORS.sessionNotFound:
      return 'Check the code on your computer screen and enter it again.';
    case REALTIME_ERRORS.sessionClosed:
      return 'Start a new test on your computer to pair this phone again.';
    case REALTIME_ERRORS.controllerTaken:
      return 'Only one phone can drive a test. Use the phone that connected first, or start a new test on your computer.';
    case REALTIME_ERRORS.tooManyAttempts:
      return 'Wait a minute before trying again.';
    default:
      return 'This phone could not join the test. Try again, or enter the code again.';
  }
}

const CONNECTION_TEXT: Record<Exclude<TestsConnection, 'refused'>, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  ended: REALTIME_ERRORS.sessionClosed,
};

function StatusLine({ connection, error }: { connection: TestsConnection; error: string | null }) {
  const text = connection === 'refused' ? (error ?? 'Connection refused') : CONNECTION_TEXT[connection];
  const icon =
    connection === 'connected' ? (
      <CheckCircleIcon fontSize="small" color="success" aria-hidden />
    ) : connection === 'refused' || connection === 'ended' ? (
      <ErrorIcon fontSize="small" color="error" aria-hidden />
    ) : (
      <SyncIcon fontSize="small" color="warning" aria-hidden />
    );
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="controller-status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32 }}
    >
      {icon}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
    </Box>
  );
}

/** /controller/:token — the phone as the remote of a test on a display (SPEC.md §2, §4). */
export function ControllerPage() {
  const { token = '' } = useParams();
  const pin = normalisePin(token);
  const [attempt, setAttempt] = useState(0);
  if (pin === null) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h4" component="h1">
          Controller
        </Typography>
        <Alert severity="error">{REALTIME_ERRORS.sessionNotFound}</Alert>
        <Button component={RouterLink} to="/connect" variant="contained" size="large">
          Enter the code again
        </Button>
      </Stack>
    );
  }
  // Typed in lower case or with a dash: one canonical address (and one stored key) per session.
  if (pin !== token) return <Navigate to={`/controller/${pin}`} replace />;
  return <ControllerSession key={`${pin}:${attempt}`} pin={pin} onRetry={() => setAttempt((n) => n + 1)} />;
}

function ControllerSession({ pin, onRetry }: { pin: string; onRetry: () => void }) {
  const dispatch = useAppDispatch();
  const controller = useAppSelector(selectController);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  // The last key that reached the display, for the question it answered (cleared when the question changes).
  const [lastSent, setLastSent] = useState<{ label: string; on: string } | null>(null);
  const auth = useMemo(
    () => ({ role: 'controller' as const, pin, controllerKey: controllerKeyFor(pin) }),
    [pin],
  );

  useEffect(() => {
    dispatch(controllerStarted({ correction: rememberedCorrection(pin) }));
  }, [dispatch, pin]);

  const { connection, error, sessionState, emit } = useTestsSocket(
    auth,
    {
      'sync-controller': (payload) => dispatch(syncRequested(payload)),
      'display-key': (payload) => dispatch(displayKeyReceived(payload)),
      'display-status': (payload) => dispatch(displayStatusReceived(payload.testStatus)),
      'display-reconnect': (payload) => dispatch(displayReconnected(payload.state)),
    },
    {
      // After a drop (or a reload) the display says where the test is (display-reconnect).
      onConnect: (_reconnected, socket) => void emitWithAck(socket, 'sync-display', {}),
    },
  );

  useEffect(() => {
    if (sessionState) dispatch(sessionStateReceived(sessionState));
  }, [dispatch, sessionState]);

  const showNotice = (text: string) => setNotice({ id: Date.now(), text });
  const question = `${controller.currentTest}:${controller.testStatus}`;
  const ready = handshakeDone(controller);
  const live = connection === 'connected';

  async function answerCorrection(correction: Correction) {
    dispatch(correctionRequested());
    const ack = await emit('controller-ready', { correction });
    if (ack.ok && ack.delivered) {
      rememberCorrection(pin, correction);
      dispatch(correctionAccepted(correction));
    } else {
      dispatch(correctionFailed(ack.ok ? NOT_DELIVERED : ack.error));
    }
  }

  async function press(key: string) {
    if (!ready || !live) return;
    navigator.vibrate?.(VIBRATION_MS);
    const ack = await emit('controller-key', { key });
    if (!ack.ok) showNotice(`Not sent: ${ack.error}`);
    else if (!ack.delivered) showNotice(NOT_DELIVERED);
    else setLastSent({ label: keyLabel(controller.currentTest, key), on: question });
  }

  const test = controller.currentTest;
  const status = controller.testStatus;
  const displayConnected = sessionState ? sessionState.displayConnected : null;

  let body;
  if (connection === 'ended' && test) {
    // The display saved the results and closed the session: the normal end of a test this phone drove.
    body = (
      <Stack spacing={2}>
        <Alert severity="success">Test complete. Your results are on your screen.</Alert>
        <Button component={RouterLink} to="/connect" variant="outlined" size="large" sx={{ minHeight: 56 }}>
          Connect to another test
        </Button>
      </Stack>
    );
  } else if (connection === 'refused' || connection === 'ended') {
    const takenOrEnded =
      connection === 'ended' ||
      error === REALTIME_ERRORS.sessionClosed ||
      error === REALTIME_ERRORS.controllerTaken;
    body = (
      <Stack spacing={2}>
        <Alert severity={connection === 'ended' ? 'info' : 'error'}>
          {refusalAdvice(connection === 'ended' ? REALTIME_ERRORS.sessionClosed : error)}
        </Alert>
        <Button component={RouterLink} to="/connect" variant="contained" size="large" sx={{ minHeight: 56 }}>
          {takenOrEnded ? 'Connect to another test' : 'Enter the code again'}
        </Button>
        {connection === 'refused' && error !== REALTIME_ERRORS.sessionNotFound && (
          <Button variant="outlined" size="large" onClick={onRetry} sx={{ minHeight: 56 }}>
            Try again
          </Button>
        )}
      </Stack>
    );
  } else if (connection === 'connecting') {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Connecting" />
        <Typography>Connecting to your screen…</Typography>
      </Stack>
    );
  } else if (controller.asking) {
    body = (
      <CorrectionQuestion
        previous={controller.correction}
        sending={controller.loading || !live}
        error={controller.error}
        onAnswer={(correction) => void answerCorrection(correction)}
      />
    );
  } else if (
    test &&
    status &&
    (status === 'Ready' ||
      status === 'Repeat' ||
      status === 'Continue' ||
      status === 'Complete' ||
      status === 'PartBReady' ||
      status === 'PartCReady')
  ) {
    const instruction =
      status === 'Ready'
        ? test === 'presbyopia'
          ? 'Please use both eyes for this test'
          : 'Cover your LEFT eye'
        : status === 'Continue'
          ? 'Cover your RIGHT eye'
          : status === 'Repeat'
            ? 'Press CONTINUE when you are ready'
            : 'The next test starts in 10 seconds, or now with CONTINUE';
    body = (
      <Stack spacing={2}>
        <TestHeading test={test} subtitle={instruction} />
        <ContinueButton
          label={status === 'Ready' ? 'START' : 'CONTINUE'}
          disabled={!ready || !live}
          onKey={press}
        />
        {!ready && <HandshakePending />}
      </Stack>
    );
  } else if (test && status === 'InTest') {
    body = (
      <Stack spacing={2}>
        <TestHeading test={test} subtitle={prompt(test, CONTROLLER_KEYS[test].layout)} />
        <ControllerPad test={test} disabled={!ready || !live} onKey={(key) => void press(key)} />
        {!ready && <HandshakePending />}
      </Stack>
    );
  } else {
    const [title, text] = waitingText(status, displayConnected);
    body = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Paper>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', pb: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
        }}
      >
        <Typography variant="h6" component="h1" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          Controller{' '}
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ fontFamily: 'monospace' }}
          >
            {pin}
          </Typography>
        </Typography>
        <StatusLine connection={connection} error={error} />
      </Box>
      {connection === 'reconnecting' && (
        <Alert severity="warning">Connection lost. Reconnecting… your answers so far are kept.</Alert>
      )}
      {body}
      <Typography
        variant="body2"
        color="text.secondary"
        aria-live="polite"
        sx={{ minHeight: 20, textAlign: 'center' }}
      >
        {lastSent?.on === question && ready && live ? `Sent ${lastSent.label}` : ''}
      </Typography>
      <Snackbar
        key={notice?.id}
        open={notice !== null}
        autoHideDuration={NOTICE_MS}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" variant="filled" onClose={() => setNotice(null)} sx={{ width: '100%' }}>
          {notice?.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}

function TestHeading({ test, subtitle }: { test: TestId; subtitle: string }) {
  return (
    <div>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {TEST_DEFINITIONS[test].name}
      </Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </div>
  );
}

function HandshakePending() {
  return (
    <Alert severity="info">
      The buttons work once your screen has checked this phone. Look at your screen.
    </Alert>
  );
}
