import Alert from '@mui/material/Alert';
import type { SpeechLanguage } from './speech-language';
import { voiceFor, type SpeechVoices } from './speech-synthesis';

/** What the voice can do in this browser for the language. */
export type VoiceAvailability = 'loading' | 'ready' | 'no-voice' | 'unsupported';

/** Whether the browser can speak the language now (core-free: the voices are the browser's). */
export function voiceAvailability(
  { supported, voices }: SpeechVoices,
  language: SpeechLanguage,
): VoiceAvailability {
  if (!supported) return 'unsupported';
  if (voices === null) return 'loading';
  return voiceFor(voices, language) ? 'ready' : 'no-voice';
}

/** The languages' names, in English as the rest of the app is for now. */
const LANGUAGE_NAMES: Record<SpeechLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  de: 'German',
  fr: 'French',
};

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
