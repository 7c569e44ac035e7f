import { useId } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { SELF_ADVANCE_MS } from '@visus/core';
import { errorMessage } from '@/lib/api/api-error';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { useGetTestsQuery, useSaveAutoAdvanceMutation } from '@/lib/settings/settings-api';

/**
 * The switch's words in each area that shows it (issue 20): the Tests page's and the display's settings
 * dialog's, so that neither downloads the other's catalog (ids are unique across areas).
 */
const WORDS = {
  tests: { label: 'tests.autoAdvance.label', on: 'tests.autoAdvance.on', off: 'tests.autoAdvance.off' },
  'test-run': { label: 'autoAdvance.label', on: 'autoAdvance.on', off: 'autoAdvance.off' },
} as const satisfies Record<string, Record<'label' | 'on' | 'off', MessageId>>;

/**
 * The person's setting (stored with their settings, PUT /tests/settings/auto-advance; WCAG 2.2.1): on, the
 * screens between eyes and tests go on after their countdown, which P or the phone's Pause stops; off,
 * they wait for CONTINUE. Saved at once; a record from before the setting reads as on.
 */
export function AutoAdvanceChoice({ area }: { area: keyof typeof WORDS }) {
  const helpId = useId();
  const t = useT();
  const words = WORDS[area];
  const tests = useGetTestsQuery();
  const [save, saving] = useSaveAutoAdvanceMutation();
  const settings = tests.data?.settings;
  // While the settings load, the switch's place is kept (the Tests page would jump when it came in).
  if (!settings)
    return tests.isError ? null : (
      <Skeleton variant="rounded" aria-hidden sx={{ height: { xs: 111, sm: 67 } }} />
    );
  const checked = settings.autoAdvance !== false;
  return (
    <Stack spacing={0}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={saving.isLoading}
            onChange={(event) => void save({ autoAdvance: event.target.checked })}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={t(words.label)}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {checked ? t(words.on, { seconds: SELF_ADVANCE_MS / 1000 }) : t(words.off)}
      </FormHelperText>
      {saving.isError && <Alert severity="error">{errorMessage(saving.error)}</Alert>}
    </Stack>
  );
}
