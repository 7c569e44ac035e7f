import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  COMMAND_KEYS,
  CoreInputError,
  decodePresbyopiaAnswer,
  DEFAULT_PRESBYOPIA_DISTANCE,
  encodePresbyopiaAnswer,
  PRESBYOPIA_DISTANCES,
  presbyopiaAdd,
  type PresbyopiaAnswer,
  type PresbyopiaDistance,
} from '@visus/core';
import type { TestPanelProps } from './panel-types';
import { testModeAnswer, usePanelKey } from './use-panel-key';
import { useT } from '@/lib/i18n/i18n';
import { localDioptres } from '@/lib/i18n/numbers';
import { inputErrorText } from '@/features/test-runner/run/input-error-words';

/** The prescription slider's range and step, dioptres (controller-keys `PresbyopiaAnswer`). */
const RX_MIN = -20;
const RX_MAX = 20;
const RX_STEP = 0.25;

/**
 * Presbyopia (SPEC.md §2, §4): 'Please look at your phone screen.' The phone sends one key (core
 * `encodePresbyopiaAnswer`), decoded here with `decodePresbyopiaAnswer`. The same form is on the display for
 * a keyboard or mouse user: prescription slider (−20 … +20 D, 0.25 D steps) with a numeric input, the
 * three distance choices, and the age when the profile has none. Core `presbyopiaAdd` gives the add;
 * `{ presbyopia: { stereo: { add, answer, distance, age } } }` is recorded (answer = the prescription, D;
 * distance and age are the add's other inputs, kept so the add can be checked) and the flow is told to
 * finish (SPEC.md §4 next-step rule 4).
 */
export function PresbyopiaPanel({ age, pendingKey, consumeKey, record, progress }: TestPanelProps) {
  const [prescription, setPrescription] = useState(0);
  const [prescriptionText, setPrescriptionText] = useState('0');
  const [distance, setDistance] = useState<PresbyopiaDistance>(DEFAULT_PRESBYOPIA_DISTANCE);
  const [ageText, setAgeText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fromPhone, setFromPhone] = useState(false);
  const submitted = useRef(false);
  const ids = { rx: useId(), distance: useId() };
  const t = useT();

  /** Computes the add, records it and finishes; a bad value shows core's error (in words) and changes nothing. */
  const finish = (answer: PresbyopiaAnswer, personAge: number | null): boolean => {
    if (submitted.current) return false;
    if (personAge === null) {
      setError(t('presbyopia.enterAge'));
      return false;
    }
    try {
      encodePresbyopiaAnswer(answer); // checks −20 … +20 D on the 0.25 D grid
      const add = presbyopiaAdd({
        age: personAge,
        distance: answer.distance,
        prescription: answer.prescription,
      });
      submitted.current = true;
      setError(null);
      record({
        presbyopia: {
          stereo: { add, answer: answer.prescription, distance: answer.distance, age: personAge },
        },
      });
      progress({ finish: true });
      return true;
    } catch (e) {
      if (!(e instanceof CoreInputError)) throw e;
      setError(inputErrorText(e));
      return false;
    }
  };

  /** The age to use: the profile's, or the one typed on the form (null when missing or not a number). */
  const typedAge = (): number | null => {
    if (age !== null) return age;
    const trimmed = ageText.trim();
    return trimmed === '' || !Number.isFinite(Number(trimmed)) ? null : Number(trimmed);
  };

  const submitForm = () => {
    const value = Number(prescriptionText.trim());
    if (prescriptionText.trim() === '' || !Number.isFinite(value)) {
      setError(t('presbyopia.rxNumber'));
      return;
    }
    finish({ prescription: value, distance }, typedAge());
  };

  const handle = (key: string) => {
    if (key === COMMAND_KEYS.submit) {
      submitForm();
      return;
    }
    const answer = decodePresbyopiaAnswer(key);
    if (answer === null) return;
    // Show what the phone sent; finish now if the age is known, otherwise wait for it on the form.
    setPrescription(answer.prescription);
    setPrescriptionText(String(answer.prescription));
    setDistance(answer.distance);
    setFromPhone(true);
    finish(answer, typedAge());
  };
  usePanelKey(pendingKey, consumeKey, handle);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitForm();
  };

  return (
    <Stack spacing={3} sx={{ alignItems: 'center', py: 4, px: 2 }}>
      <Typography variant="h4" component="p" sx={{ textAlign: 'center' }}>
        {t('presbyopia.lookAtPhone')}
      </Typography>
      <Typography sx={{ textAlign: 'center' }} color="text.secondary">
        {t('presbyopia.noPhone')}
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label={t('presbyopia.form')}
        onSubmit={onSubmit}
        data-testid="presbyopia-form"
        data-answer={testModeAnswer(
          encodePresbyopiaAnswer({ prescription: 0, distance: DEFAULT_PRESBYOPIA_DISTANCE }),
        )}
        sx={{ width: '100%', maxWidth: 560 }}
      >
        <Stack spacing={3}>
          {fromPhone && age === null && <Alert severity="info">{t('presbyopia.fromPhone')}</Alert>}
          <Box>
            <Typography id={ids.rx} gutterBottom>
              {t('presbyopia.rxLabel', { value: localDioptres(prescription) })}
            </Typography>
            <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
              <Slider
                aria-labelledby={ids.rx}
                min={RX_MIN}
                max={RX_MAX}
                step={RX_STEP}
                value={prescription}
                valueLabelDisplay="auto"
                valueLabelFormat={localDioptres}
                onChange={(_, value) => {
                  const v = Array.isArray(value) ? value[0]! : value;
                  setPrescription(v);
                  setPrescriptionText(String(v));
                }}
              />
              <TextField
                label={t('presbyopia.rxField')}
                type="number"
                value={prescriptionText}
                onChange={(event) => {
                  setPrescriptionText(event.target.value);
                  const v = Number(event.target.value);
                  if (event.target.value.trim() !== '' && Number.isFinite(v) && v >= RX_MIN && v <= RX_MAX)
                    setPrescription(v);
                }}
                slotProps={{ htmlInput: { min: RX_MIN, max: RX_MAX, step: RX_STEP } }}
                sx={{ width: 160, flexShrink: 0 }}
              />
            </Stack>
          </Box>
          <FormControl>
            <FormLabel id={ids.distance}>{t('presbyopia.readingDistance')}</FormLabel>
            <RadioGroup
              aria-labelledby={ids.distance}
              value={distance}
              onChange={(event) => setDistance(event.target.value as PresbyopiaDistance)}
            >
              {PRESBYOPIA_DISTANCES.map((d) => (
                <FormControlLabel
                  key={d}
                  value={d}
                  control={<Radio />}
                  label={t(`presbyopia.distance.${d}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {age === null && (
            <TextField
              label={t('presbyopia.age')}
              type="number"
              required
              value={ageText}
              onChange={(event) => setAgeText(event.target.value)}
              slotProps={{ htmlInput: { min: 0, max: 130, step: 1 } }}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large">
            {t('choice.submit')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
