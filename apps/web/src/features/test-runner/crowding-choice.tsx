import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';

/**
 * Why one would choose crowded acuity (SPEC.md §3 `crowding`, STIMULI.md "Crowding"). Bars one stroke
 * width around each letter make it harder to read, as neighbouring letters on a full chart line do.
 */
export const CROWDING_HELP =
  'Bars around each letter make it as hard to read as on a full chart line. Crowded acuity is the ' +
  'standard for children and for amblyopia (lazy eye) screening: an amblyopic eye can read a letter ' +
  'on its own yet fail when other contours are close, so an uncrowded letter would make it look better ' +
  'than it is. Crowded results read worse than uncrowded ones and are kept apart from them in your ' +
  'results and trend.';

/** The switch for crowded optotypes, with its help text; shown only for Sloan and Tumbling E. */
export function CrowdingChoice({
  checked,
  onChange,
  id,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  id: string;
}) {
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
        label="Crowded letters (bars around each letter)"
      />
      <FormHelperText id={id} sx={{ mt: 0 }}>
        {CROWDING_HELP}
      </FormHelperText>
    </Stack>
  );
}
