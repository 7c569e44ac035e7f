import { useCallback, useEffect, useId, useRef, useState } from 'react';
import HelpIcon from '@mui/icons-material/Help';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import {
  HELP_KEY,
  isHelpKey,
  type StepHelp,
  type TestId,
  type TestStatus,
  type TimerRequest,
  type TimerView,
} from '@visus/core';
import { AutoAdvanceChoice } from '@/features/test-runner/auto-advance-choice';
import { displayHelp } from './display-help';
import { currentLanguage, useT, type MessageId } from '@/lib/i18n/i18n';
import { TOOL_ROW, TOOL_SX } from './tool-row';

interface ScreenToolsProps {
  test: TestId;
  status: TestStatus;
  /** The self-advancing screen's countdown (null on other screens); the dialogs pause it while open. */
  countdown: TimerView | null;
  requestTimer: (request: TimerRequest) => void;
  autoAdvance: boolean;
  /** The viewing distance the run is drawn for, mm. */
  distanceMm: number;
  /** Where the screen setup is (the settings dialog's way there). */
  setupPath: string;
}

/**
 * The tools' round buttons: at the frame's bottom left, in the room kept for them under the content (the
 * voice switch follows them, speech-control.tsx; the full-screen button is at the frame's bottom right,
 * fullscreen-toggle.tsx). In the frame rather
 * than fixed to the window, so that they never cover the page's footer or a screen's last line.
 */
/**
 * The room kept under the content: up to the full-screen button's top (16 + 56 px; the tools, 48 px at
 * 20 px, end lower). No more, or a tall screen (the check screen) no longer fits a 1280×800 full screen.
 */
const ROOM_PX = 72;

/**
 * The display's help and settings buttons (SPEC.md §2 "A help/info button exists", "Full-screen and
 * settings icons exist"), at the test frame's bottom left. Help (or F1) explains the current step (core
 * stepHelp); settings holds what may change during a test (moving on by itself) and the way to the screen
 * setup, which leaving the test asks about first (run/leave-guard.tsx). While either is open a countdown
 * that moves the screen on is paused, and goes on when it closes; neither sends an answer.
 */
export function ScreenTools({
  test,
  status,
  countdown,
  requestTimer,
  autoAdvance,
  distanceMm,
  setupPath,
}: ScreenToolsProps) {
  const t = useT();
  const [open, setOpen] = useState<'help' | 'settings' | null>(null);
  const pausedByUs = useRef(false);
  const running = countdown?.mode === 'running';
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
  });

  const show = useCallback(
    (which: 'help' | 'settings') => {
      if (runningRef.current && !pausedByUs.current) {
        requestTimer('pause');
        pausedByUs.current = true;
      }
      setOpen(which);
    },
    [requestTimer],
  );
  const close = () => {
    setOpen(null);
    if (pausedByUs.current) {
      pausedByUs.current = false;
      requestTimer('resume');
    }
  };

  // F1 opens the help from anywhere on the test screen (core HELP_KEY: no test answers with it).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isHelpKey(event.key)) return;
      event.preventDefault(); // the browser's own help
      show('help');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show]);

  const help = displayHelp({ test, status, autoAdvance });
  return (
    <>
      {/* Room under the screen's content, so that the fixed buttons never cover its last line. */}
      <Box aria-hidden="true" sx={{ height: ROOM_PX, flexShrink: 0 }} />
      <Fab
        size="medium"
        color="default"
        data-own-keys
        aria-label={t('tools.help', { key: HELP_KEY })}
        aria-keyshortcuts={HELP_KEY}
        aria-haspopup="dialog"
        title={t('tools.help', { key: HELP_KEY })}
        onClick={() => show('help')}
        sx={{ ...TOOL_SX, left: TOOL_ROW.left.help }}
      >
        <HelpIcon />
      </Fab>
      <Fab
        size="medium"
        color="default"
        data-own-keys
        aria-label={t('tools.settings')}
        aria-haspopup="dialog"
        title={t('tools.settings')}
        onClick={() => show('settings')}
        sx={{ ...TOOL_SX, left: TOOL_ROW.left.settings }}
      >
        <SettingsOutlinedIcon />
      </Fab>
      <HelpDialog open={open === 'help'} help={help} onClose={close} />
      <SettingsDialog
        open={open === 'settings'}
        distanceMm={distanceMm}
        setupPath={setupPath}
        onClose={close}
      />
    </>
  );
}

const SECTIONS: readonly [keyof StepHelp, MessageId][] = [
  ['asks', 'help.asks'],
  ['answer', 'help.answer'],
  ['pause', 'help.pause'],
  ['stop', 'help.stop'],
];

/**
 * The help of the current step (core stepHelp's, composed in the language shown: display-help.ts) in a
 * short dialog; Escape or Close closes it.
 */
export function HelpDialog({ open, help, onClose }: { open: boolean; help: StepHelp; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>
        {help.title}
        {help.place && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {help.place}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers data-testid="step-help">
        <Stack spacing={2}>
          {SECTIONS.map(([field, heading]) => (
            <Box key={field}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                {t(heading)}
              </Typography>
              <Typography variant="body1">{help[field]}</Typography>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('help.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The test's settings: moving on by itself between eyes and tests (saved at once; the next such screen
 * follows it), and the screen setup (distance, calibration), which cannot change under a running test:
 * its button leaves for Setup, and leaving asks first.
 */
function SettingsDialog({
  open,
  distanceMm,
  setupPath,
  onClose,
}: {
  open: boolean;
  distanceMm: number;
  setupPath: string;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t('tools.settings')}</DialogTitle>
      <DialogContent dividers data-testid="test-settings">
        <Stack spacing={3}>
          <AutoAdvanceChoice area="test-run" />
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('settings.screenSetup')}
            </Typography>
            <Typography variant="body1">
              {t('settings.screenSetupBody', {
                metres: new Intl.NumberFormat(currentLanguage(), {
                  minimumFractionDigits: 2,
                  maximumFractionDigits: 2,
                }).format(distanceMm / 1000),
              })}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => {
            onClose();
            void navigate(setupPath);
          }}
        >
          {t('settings.changeSetup')}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('help.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
