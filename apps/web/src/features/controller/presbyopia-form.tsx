import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_PRESBYOPIA_DISTANCE,
  PRESBYOPIA_DISTANCES,
  encodePresbyopiaAnswer,
  type PresbyopiaDistance,
} from '@visus/core';

const MIN = -20;
const MAX = 20;
const STEP = 0.25;

/** '+1.25 D', '−3.00 D', '0.00 D'. */
function dioptres(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  return `${sign}${Math.abs(value).toFixed(2)} D`;
}

/** A typed prescription, or an error when it is not −20 … +20 D in 0.25 D steps. */
function parsePrescription(text: string): { value: number } | { error: string } {
  const normalised = text.trim().replace(/^\+/, '').replace('−', '-').replace(',', '.');
  const value = Number(normalised);
  if (normalised === '' || !Number.isFinite(value)) return { error: 'Enter a number, e.g. -1.75' };
  if (value < MIN || value > MAX) return { error: 'Enter a value from −20 to +20' };
  if (Math.round(value * 100) % 25 !== 0) return { error: 'Use steps of 0.25 (e.g. 1.25 or -2.5)' };
  return { value };
}

interface PresbyopiaFormProps {
  disabled: boolean;
  /** Receives the encoded answer (core encodePresbyopiaAnswer). */
  onSubmit: (key: string) => void;
}

/**
 * The Presbyopia answer (SPEC.md §2, §5): the distance prescription on a slider with a number field
 * (−20 … +20 D, 0.25 D steps) and the reading distance (default 'Between 1.6m and 1.9m').
 */
export function PresbyopiaForm({ disabled, onSubmit }: PresbyopiaFormProps) {
  const [prescription, setPrescription] = useState(0);
  const [typed, setTyped] = useState('0');
  const [distance, setDistance] = useState<PresbyopiaDistance>(DEFAULT_PRESBYOPIA_DISTANCE);
  const parsed = parsePrescription(typed);
  const error = 'error' in parsed ? parsed.error : null;
  const sliderLabel = useId();
  const distanceLabel = useId();

  return (
    <Stack
      component="form"
      spacing={3}
      noValidate
      aria-label="Presbyopia answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (error || disabled) return;
        onSubmit(encodePresbyopiaAnswer({ prescription, distance }));
      }}
    >
      <div>
        <Typography id={sliderLabel} variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          Your distance prescription (sphere): {dioptres(prescription)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          From your glasses or contact lens prescription; 0 if you do not wear any.
        </Typography>
        <Slider
          aria-labelledby={sliderLabel}
          getAriaValueText={dioptres}
          value={prescription}
          min={MIN}
          max={MAX}
          step={STEP}
          disabled={disabled}
          marks={[
            { value: MIN, label: '−20' },
            { value: 0, label: '0' },
            { value: MAX, label: '+20' },
          ]}
          onChange={(_event, value) => {
            const next = Array.isArray(value) ? value[0]! : value;
            setPrescription(next);
            setTyped(String(next));
          }}
          sx={{ mt: 2, mx: 2.5, width: 'calc(100% - 40px)' }}
        />
        <TextField
          label="Prescription in dioptres"
          value={typed}
          disabled={disabled}
          error={error !== null}
          helperText={error ?? 'Minus for short sight, plus for long sight'}
          onChange={(event) => {
            setTyped(event.target.value);
            const next = parsePrescription(event.target.value);
            if ('value' in next) setPrescription(next.value);
          }}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          fullWidth
          sx={{ mt: 2 }}
        />
      </div>
      <FormControl disabled={disabled}>
        <FormLabel id={distanceLabel}>Distance</FormLabel>
        <RadioGroup
          aria-labelledby={distanceLabel}
          value={distance}
          onChange={(event) => setDistance(event.target.value as PresbyopiaDistance)}
        >
          {PRESBYOPIA_DISTANCES.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio />}
              label={choice}
              sx={{ minHeight: 48 }}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        color="success"
        disabled={disabled || error !== null}
        fullWidth
        sx={{ minHeight: 64, fontSize: '1.5rem', fontWeight: 700 }}
      >
        Submit
      </Button>
    </Stack>
  );
}
