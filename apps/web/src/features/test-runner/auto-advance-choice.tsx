import { useId } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { SELF_ADVANCE_MS } from '@visus/core';
import { errorMessage } from '@/lib/api/api-error';
import { useGetTestsQuery, useSaveAutoAdvanceMutation } from '@/lib/settings/settings-api';

export const AUTO_ADVANCE_LABEL = 'Move on by itself between eyes and tests';

/**
 * The person's setting (stored with their settings, PUT /tests/settings/auto-advance; WCAG 2.2.1): on, the
 * screens between eyes and tests go on after their countdown, which P or the phone's Pause stops; off,
 * they wait for CONTINUE. Saved at once; a record from before the setting reads as on.
 */
export function AutoAdvanceChoice() {
  const helpId = useId();
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
        label={AUTO_ADVANCE_LABEL}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {checked
          ? `Between eyes and tests the screen counts down ${SELF_ADVANCE_MS / 1000} seconds and goes on; P or Pause on your phone stops the countdown, M gives more time.`
          : 'Between eyes and tests the screen waits until you press CONTINUE on your phone or Space.'}
      </FormHelperText>
      {saving.isError && <Alert severity="error">{errorMessage(saving.error)}</Alert>}
    </Stack>
  );
}
