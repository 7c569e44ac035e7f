import Alert from '@mui/material/Alert';
import { currentLanguage, t, useT } from '@/lib/i18n/i18n';
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

/** A language's name in the language shown ('Spanish', 'español', 'Spanisch'), from the browser's Intl. */
function languageName(language: SpeechLanguage): string {
  return new Intl.DisplayNames([currentLanguage()], { type: 'language' }).of(language) ?? language;
}

/**
 * Why the instructions are not spoken although the person asked for them, or null when they can be. Its
 * words are in the test-run catalog area, which the test screen and Setup load (routes.tsx).
 */
export function voiceNoticeText(availability: VoiceAvailability, language: SpeechLanguage): string | null {
  if (availability === 'unsupported') return t('voice.unsupported');
  if (availability === 'no-voice') return t('voice.noVoice', { language: languageName(language) });
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
  useT();
  const text = voiceNoticeText(availability, language);
  if (!text) return null;
  return (
    <Alert severity="info" role="status" data-testid="voice-notice" sx={sx}>
      {text}
    </Alert>
  );
}
