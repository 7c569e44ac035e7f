import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Fab from '@mui/material/Fab';
import { SPEECH_TOGGLE_KEY } from '@visus/core';
import { t, useT } from '@/lib/i18n/i18n';
import type { SpeechToggle } from './use-spoken-guidance';
import { TOOL_ROW, TOOL_SX } from './tool-row';

/** The button's name: what pressing it does. */
export function speechButtonLabel(on: boolean): string {
  return t(on ? 'speech.mute' : 'speech.speak');
}

/**
 * The display's voice switch, in the row of the frame's tools at the bottom left (after help and settings,
 * screen-tools.tsx; in the frame, so it never covers the page's footer): a loudspeaker while it speaks,
 * crossed out while muted; '*' on the keyboard does the same (the Info page's key list says so).
 */
export function SpeechButton({ speech }: { speech: SpeechToggle }) {
  useT();
  const label = speechButtonLabel(speech.on);
  return (
    // The browser's own tooltip, like help and settings beside it: no MUI Tooltip, which faded in under
    // a resting mouse pointer with too little contrast mid-animation (axe, issue 25).
    <Fab
      size="medium"
      title={`${label} (${SPEECH_TOGGLE_KEY})`}
      aria-keyshortcuts={SPEECH_TOGGLE_KEY}
      aria-label={label}
      aria-pressed={!speech.on}
      data-testid="speech-toggle"
      onClick={speech.toggle}
      sx={{ ...TOOL_SX, left: TOOL_ROW.left.speech }}
    >
      {speech.on ? <VolumeUpIcon /> : <VolumeOffIcon />}
    </Fab>
  );
}
