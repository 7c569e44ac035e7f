import { useId } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { SPEECH_TOGGLE_KEY } from '@visus/core';
import { errorMessage } from '@/lib/api/api-error';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import { useSpeechLanguage } from '@/lib/speech/speech-language';
import { useSpeechVoices } from '@/lib/speech/speech-synthesis';
import { voiceAvailability, VoiceNotice } from '@/lib/speech/voice-notice';
import { useGetTestsQuery, useSaveSpeechMutation } from '@/lib/settings/settings-api';

/**
 * The person's setting (stored with their settings, PUT /tests/settings/speech; issue 20 item 2): the test
 * display says its instructions aloud ("Cover your left eye", "Test complete"), never what a chart shows.
 * Saved at once; off until turned on. Says so when this browser has no voice for the language.
 */
export function SpeechChoice() {
  const helpId = useId();
  const t = useT();
  const tests = useGetTestsQuery();
  const [save, saving] = useSaveSpeechMutation();
  const language = useSpeechLanguage();
  const voices = useSpeechVoices();
  const settings = tests.data?.settings;
  if (!settings) return null;
  const checked = settings.speakInstructions === true;
  const availability = voiceAvailability(voices, language);
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={saving.isLoading}
            onChange={(event) => void save({ speakInstructions: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={t('setup.speech.label')}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {t('setup.speech.help', { key: SPEECH_TOGGLE_KEY })}
      </FormHelperText>
      {checked && <VoiceNotice availability={availability} language={language} />}
      {saving.isError && <Alert severity="error">{translateServerMessage(errorMessage(saving.error))}</Alert>}
    </Stack>
  );
}
