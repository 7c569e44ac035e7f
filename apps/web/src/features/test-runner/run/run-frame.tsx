import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { placeText, showsFraction, showsProgress, type FlowState, type TestId } from '@visus/core';
import { CONTROLLER_TAKEOVER_GRACE_MS } from '@visus/contracts/constants';
import { groupedPin } from '@/components/pairing-panel';
import { FullscreenToggle } from '@/features/test-runner/fullscreen-toggle';
import { BACKGROUND_COLOURS, testBackground } from '@/features/test-runner/test-slice';
import { useT } from '@/lib/i18n/i18n';
import type { TestsConnection } from '@/lib/realtime/use-tests-socket';

interface RunFrameProps {
  flow: FlowState;
  test: TestId;
  pin: string;
  testMode: boolean;
  /** The Check screen says the link's state itself; elsewhere the frame does. */
  checking: boolean;
  /** Show the full-screen button's hint arrow (SPEC.md §2). */
  showHint: boolean;
  connection: TestsConnection;
  /** The phone that drove the run has left (ms since the epoch), or null. */
  phoneLeftAt: number | null;
  /** Which part of the battery this is (core `batteryPlace`), shown in the header; null for none. */
  place?: { activity: string; method: string } | null;
  children: ReactNode;
}

const NOTICE_SX = {
  position: 'absolute',
  top: 48,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1,
  maxWidth: 'min(720px, 90%)',
} as const;

/**
 * The test screen's frame around whatever the run shows: the theme's background (SPEC.md §2), the
 * 'Progress: n / total' counter, the activity and method (SPEC.md §1), the fraction readout fixed at top
 * right for direction answers (SPEC.md §2), the Test mode mark, the link and phone notices, the full-screen button.
 */
export function RunFrame({
  flow,
  test,
  pin,
  testMode,
  checking,
  showHint,
  connection,
  phoneLeftAt,
  place = null,
  children,
}: RunFrameProps) {
  const t = useT();
  const background = testBackground(flow);
  const inTest = flow.status === 'InTest';
  const fraction = inTest && showsFraction(test, flow.infinite);
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
        // Forced colours would repaint the stimulus and its backdrop (a black Sloan letter on a page turned
        // black): the frame keeps its calibrated colours, since the measurement depends on them, while its
        // controls and notices follow the system's colours (issue 25; the check screen says so once). Set
        // for the frame's whole life, never toggled: Chromium does not repaint an element whose
        // forced-color-adjust changes after it was first painted.
        forcedColorAdjust: 'none',
        '& button, & .MuiAlert-root': { forcedColorAdjust: 'auto' },
        // Outlined and text buttons have no surface of their own: their teal text was 2.97:1 on the dark
        // theme's black and 1.79:1 on Diamond's medium grey (issue 25, AA needs 4.5:1). A white surface
        // keeps it at 7.07:1 on every background (forced colours paint it in the system's colours). Only
        // the controls change; the stimulus and its backdrop keep their calibrated colours.
        '& .MuiButton-outlined, & .MuiButton-text': {
          bgcolor: 'background.paper',
          '&:hover': { bgcolor: 'grey.100' },
        },
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
          {t('frame.progress', { current: flow.currentLoop, total: flow.loopLength })}
        </Typography>
      )}
      {inTest && place && (
        <Typography
          data-testid="battery-place"
          sx={{
            position: 'absolute',
            // Below the counter and the fraction on a phone-width screen, between them on a wider one.
            top: { xs: 56, md: 12 },
            left: '50%',
            transform: 'translateX(-50%)',
            fontSize: '1.125rem',
            fontWeight: 600,
            opacity: 0.85,
            whiteSpace: 'nowrap',
          }}
        >
          {placeText(place)}
        </Typography>
      )}
      {fraction && (
        // Fixed at the test display's top right (SPEC.md §2), as the Progress counter is at its top left: the
        // frame, not the viewport, because the sticky app bar covers the viewport's top outside full screen.
        // The frame's text colour on the test's background (black on light, white on dark), large and bold
        // to be read from a metre or more.
        <Typography
          data-testid="answer-fraction"
          aria-label={t('frame.fraction', { current: flow.currentLoop, total: flow.loopLength })}
          sx={{
            position: 'absolute',
            top: 16,
            right: 24,
            zIndex: 2,
            fontSize: { xs: '2rem', md: '2.75rem' },
            fontWeight: 700,
            lineHeight: 1,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {flow.currentLoop}/{flow.loopLength}
        </Typography>
      )}
      {testMode && (
        <Typography
          variant="overline"
          sx={{
            position: 'absolute',
            top: fraction ? 64 : 8,
            right: 16,
            color: 'warning.main',
            fontWeight: 700,
          }}
        >
          {t('frame.testMode')}
        </Typography>
      )}
      {!checking && connection === 'reconnecting' && (
        // The check screen says this itself; during the test the link can drop too (a server restart).
        <Alert severity="warning" role="status" data-testid="display-link-status" sx={NOTICE_SX}>
          {t('frame.reconnecting')}
        </Alert>
      )}
      {!checking && connection === 'connected' && phoneLeftAt !== null && (
        <PhoneLeftNotice pin={pin} leftAt={phoneLeftAt} />
      )}
      {children}
      <FullscreenToggle showHint={showHint} />
    </Box>
  );
}

/** Whole seconds until another phone may take over from one that left at `leftAt` (server's grace period). */
export function takeoverWaitSeconds(leftAt: number, now: number): number {
  return Math.max(0, Math.ceil((leftAt + CONTROLLER_TAKEOVER_GRACE_MS - now) / 1000));
}

/**
 * The phone that drove the run has left the session (its tab closed, its network gone). The run waits
 * for nothing: the keyboard goes on, the same phone can open its page again at once, and another phone can
 * take over with the code once the server's grace period has passed (docs/realtime.md).
 */
function PhoneLeftNotice({ pin, leftAt }: { pin: string; leftAt: number }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const wait = takeoverWaitSeconds(leftAt, now);
  useEffect(() => {
    if (wait === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [wait, now]);
  return (
    <Alert severity="warning" role="status" data-testid="phone-left" sx={NOTICE_SX}>
      {t('frame.phoneLeft')} <strong>{groupedPin(pin)}</strong>
      {wait > 0 ? ` ${t('frame.phoneLeftWait', { seconds: wait })}` : ''}. {t('frame.phoneLeftKeyboard')}
    </Alert>
  );
}
