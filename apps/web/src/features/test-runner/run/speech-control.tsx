import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Alert from '@mui/material/Alert';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { SPEECH_TOGGLE_KEY } from '@visus/core';
import type { SpeechLanguage } from '@/lib/speech/speech-language';
import type { SpeechToggle, VoiceAvailability } from './use-spoken-guidance';

/** The languages' names, in English as the rest of the app is for now. */
const LANGUAGE_NAMES: Record<SpeechLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  de: 'German',
  fr: 'French',
};

/** The button's name: what pressing it does. */
export function speechButtonLabel(on: boolean): string {
  return on ? 'Mute the spoken instructions' : 'Speak the instructions';
}

/**
 * The display's voice switch, above the full-screen button: a loudspeaker while it speaks, crossed out
 * while muted; '*' on the keyboard does the same (the Info page's key list says so).
 */
export function SpeechButton({ speech }: { speech: SpeechToggle }) {
  const label = speechButtonLabel(speech.on);
  return (
    <Tooltip title={`${label} (${SPEECH_TOGGLE_KEY})`}>
      <Fab
        size="medium"
        aria-label={label}
        aria-pressed={!speech.on}
        data-testid="speech-toggle"
        onClick={speech.toggle}
        sx={{ position: 'fixed', right: 28, bottom: 96, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        {speech.on ? <VolumeUpIcon /> : <VolumeOffIcon />}
      </Fab>
    </Tooltip>
  );
}

/** Why the instructions are not spoken although the person asked for them, or null when they can be. */
export function voiceNoticeText(availability: VoiceAvailability, language: SpeechLanguage): string | null {
  if (availability === 'unsupported')
    return 'This browser cannot speak: the instructions are shown on the screen only.';
  if (availability === 'no-voice')
    return `This browser has no ${LANGUAGE_NAMES[language]} voice: the instructions are shown on the screen only. A voice can be added in the system's speech settings.`;
  return null;
}

/** The notice where the voice cannot speak (on Setup, and on the display's ready screen). */
export function VoiceNotice({
  availability,
  language,
  sx,
}: {
  availability: VoiceAvailability;
  language: SpeechLanguage;
  sx?: object;
}) {
  const text = voiceNoticeText(availability, language);
  if (!text) return null;
  return (
    <Alert severity="info" role="status" data-testid="voice-notice" sx={sx}>
      {text}
    </Alert>
  );
}
