import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useT } from '@/lib/i18n/i18n';

/**
 * The switch for crowded optotypes, with its help text (why one would choose crowded acuity: SPEC.md §3
 * `crowding`, STIMULI.md "Crowding"; bars one stroke width around each letter make it harder to read, as
 * neighbouring letters on a full chart line do); shown only for Sloan and Tumbling E, on the Tests page.
 */
export function CrowdingChoice({
  checked,
  onChange,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  id: string;
}) {
  const t = useT();
  return (
    <Stack spacing={0}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': id } }}
          />
        }
        label={t('tests.crowding.label')}
      />
      <FormHelperText id={id} sx={{ mt: 0 }}>
        {t('tests.crowding.help')}
      </FormHelperText>
    </Stack>
  );
}
