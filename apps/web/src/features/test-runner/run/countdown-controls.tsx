import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MORE_TIME_MS, type TimerView } from '@visus/core';
import { t, useT } from '@/lib/i18n/i18n';

/** A self-advancing screen's countdown and what the person can do with it (WCAG 2.2.1). */
export interface CountdownProps {
  view: TimerView;
  onTogglePause: () => void;
  onMoreTime: () => void;
}

/** The line under the bar: how long is left, or that the screen waits. */
export function countdownText(view: TimerView): string {
  switch (view.mode) {
    case 'running':
      return t('countdown.running', { seconds: view.remainingSeconds, more: MORE_TIME_MS / 1000 });
    case 'paused':
      return t('countdown.paused', { seconds: view.remainingSeconds });
    case 'off':
      return t('countdown.off');
  }
}

/**
 * The countdown of Repeat, Continue and Complete: its bar and seconds (kept, not moving, while paused),
 * a Pause / Start again button and More time. With moving on by itself turned off, only the line that
 * says the screen waits. The seconds are not a live region: the screen around is one, and a count read
 * out every second would drown what it says.
 */
export function CountdownControls({ view, onTogglePause, onMoreTime }: CountdownProps) {
  const t = useT();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', width: 'min(560px, 100%)' }} data-testid="countdown">
      {view.mode !== 'off' && (
        <Box sx={{ width: 'min(480px, 90%)' }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.max(0, view.elapsed * 100))}
            aria-label={t('countdown.bar')}
            aria-valuetext={t(view.mode === 'paused' ? 'countdown.pausedLeft' : 'countdown.left', {
              seconds: view.remainingSeconds,
            })}
            sx={{ height: 10, borderRadius: 5 }}
          />
        </Box>
      )}
      <Typography aria-live="off" data-testid="countdown-text" sx={{ fontSize: '1.125rem' }}>
        {countdownText(view)}
      </Typography>
      {view.mode !== 'off' && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', justifyContent: 'center', rowGap: 1 }}>
          <Button variant="outlined" onClick={onTogglePause} aria-keyshortcuts="P">
            {t(view.mode === 'paused' ? 'countdown.restart' : 'countdown.pause')}
          </Button>
          <Button variant="outlined" onClick={onMoreTime} aria-keyshortcuts="M">
            {t('countdown.moreTime')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
