import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import StraightenOutlinedIcon from '@mui/icons-material/StraightenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  PRESBYOPIA_DISTANCES,
  SCREEN_NAME_MAX,
  defaultScreenName,
  isSameScreen,
  routePrefix,
  viewingFrom,
  type CalibrationWindow,
} from '@visus/core';
import type { Settings } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useSignedInRole } from '@/lib/auth/use-auth';
import {
  activeCalibration,
  nativeResolution,
  settingsWindow,
  useCalibrationValidity,
  useCalibrationWindow,
} from '@/lib/settings/calibration-window';
import {
  useGetScreenProfilesQuery,
  useGetTestsQuery,
  useSaveCalibrationMutation,
} from '@/lib/settings/settings-api';
import { ScreenProfilesCard } from './screen-profiles-card';
import { BlindSpotCheck } from './blind-spot-check';
import { CalibrationSummary } from './calibration-summary';
import { IdCard } from './id-card';
import {
  CARD_SLIDER,
  CARD_STEP_PX,
  checkSetup,
  initialSetupValues,
  settingsBody,
  type SetupValues,
} from './setup-form';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SpeechChoice } from './speech-choice';
import { ScrollRegion } from '@/components/scroll-region';

/** Presbyopia's distance choices (SPEC.md §5) as typical distances, shown as guidance. */
const DISTANCE_GUIDES: Record<(typeof PRESBYOPIA_DISTANCES)[number], string> = {
  'Below 1.6m': '1.5',
  'Between 1.6m and 1.9m': '1.75',
  'Above 1.9m': '2',
};

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`setup-step-${number}`}
      sx={{ p: { xs: 2.5, sm: 3.5 } }}
    >
      <Typography id={`setup-step-${number}`} variant="h5" component="h2" gutterBottom>
        {number}. {title}
      </Typography>
      {children}
    </Paper>
  );
}

const STALE_TEXT = {
  'zoom-changed':
    'Your browser zoom or display scaling has changed since you calibrated, so charts would be drawn at the wrong size. Reset the zoom to 100 % (Ctrl+0 or ⌘0), or calibrate again below and save.',
  'screen-changed':
    'This looks like a different screen from the one you calibrated. Calibrate again below and save before you take a test.',
  'pinch-zoomed':
    'The page is pinch-zoomed, so everything on it is magnified: the card would not match and charts would be drawn at the wrong size. Pinch back out to 100 % before you calibrate or take a test.',
} as const;

function StaleBanner({ settings }: { settings: Settings }) {
  const validity = useCalibrationValidity(settings);
  if (!validity || validity.valid) return null;
  return (
    <Alert severity="warning" role="alert">
      {STALE_TEXT[validity.reason]}
    </Alert>
  );
}

function SetupForm({ settings, window: current }: { settings: Settings; window: CalibrationWindow }) {
  const role = useSignedInRole();
  const [native] = useState(nativeResolution);
  const [values, setValues] = useState<SetupValues>(() => initialSetupValues(settings, native));
  const [showErrors, setShowErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  const [screenName, setScreenName] = useState('');
  const [save, { isLoading, error }] = useSaveCalibrationMutation();
  // The name this screen's profile has, or will get when none is typed (docs/adr/0027).
  const profiles = useGetScreenProfilesQuery();
  const keptName =
    profiles.data?.find((p) => isSameScreen(settingsWindow(p.settings), current))?.name ??
    defaultScreenName(current);
  const checked = checkSetup(values, current.devicePixelRatio);
  const errors = checked.ok ? {} : checked.errors;
  const visible = (field: keyof typeof errors) =>
    showErrors || field === 'pxPerMm' ? errors[field] : undefined;

  const change = (patch: Partial<SetupValues>) => {
    setSaved(false);
    setValues((before) => ({ ...before, ...patch }));
  };
  const nudgeCard = (delta: number) =>
    change({
      cardWidthPx: Math.min(CARD_SLIDER.max, Math.max(CARD_SLIDER.min, values.cardWidthPx + delta)),
    });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!checked.ok) return;
    const name = screenName.trim();
    const result = await save({
      ...settingsBody(values, checked, current, native),
      ...(name ? { screenName: name } : {}),
    });
    if ('data' in result) setSaved(true);
  };

  const pxPerMm = checked.ok ? checked.pxPerMm : null;
  const prefix = role ? routePrefix(role) : 'user';

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Screen calibration">
      <Stack spacing={3}>
        <Step number={1} title="Measure your screen">
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={values.method}
            onChange={(_e, method: SetupValues['method'] | null) => method && change({ method })}
            aria-label="Calibration method"
            sx={{ mb: 3, flexWrap: 'wrap' }}
          >
            <ToggleButton value="card">
              <CreditCardOutlinedIcon sx={{ mr: 1 }} /> Bank card
            </ToggleButton>
            <ToggleButton value="diagonal">
              <StraightenOutlinedIcon sx={{ mr: 1 }} /> Screen diagonal
            </ToggleButton>
          </ToggleButtonGroup>

          {values.method === 'card' ? (
            <Stack spacing={2}>
              <Typography color="text.secondary">
                Hold any bank, ID or loyalty card (the standard 85.60 × 53.98 mm size) flat against the screen
                over the blue card. Drag the slider until both are exactly the same width; use the arrow keys
                or the − and + buttons for fine steps.
              </Typography>
              {/* Drawn at its true size: in a narrow window it scrolls sideways on its own (WCAG 1.4.10). */}
              <ScrollRegion label="The card to match">
                <Box sx={{ py: 1 }}>
                  <IdCard widthPx={values.cardWidthPx} />
                </Box>
              </ScrollRegion>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 720 }}>
                <IconButton aria-label="Make the card smaller" onClick={() => nudgeCard(-CARD_STEP_PX)}>
                  <RemoveIcon />
                </IconButton>
                <Slider
                  aria-label="Card width"
                  value={values.cardWidthPx}
                  min={CARD_SLIDER.min}
                  max={CARD_SLIDER.max}
                  step={CARD_STEP_PX}
                  getAriaValueText={(v) => `${v} pixels`}
                  onChange={(_e, v) => change({ cardWidthPx: v })}
                />
                <IconButton aria-label="Make the card larger" onClick={() => nudgeCard(CARD_STEP_PX)}>
                  <AddIcon />
                </IconButton>
              </Stack>
              <Typography variant="body2" data-testid="card-readout">
                Card width {values.cardWidthPx.toFixed(1)} px
                {pxPerMm !== null && ` → ${pxPerMm.toFixed(3)} pixels per mm`}
              </Typography>
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ maxWidth: 560 }}>
              <Typography color="text.secondary">
                Type your screen&apos;s diagonal from its box or specifications. The resolution below was read
                from your screen; change it if you know the native resolution differs.
              </Typography>
              <TextField
                label="Screen diagonal (inches)"
                inputMode="decimal"
                value={values.diagonalInches}
                onChange={(e) => change({ diagonalInches: e.target.value })}
                error={Boolean(visible('diagonalInches'))}
                helperText={visible('diagonalInches') ?? 'For example 24 or 15.6'}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Resolution width (pixels)"
                  inputMode="numeric"
                  value={values.resolutionWidth}
                  onChange={(e) => change({ resolutionWidth: e.target.value })}
                  error={Boolean(visible('resolutionWidth'))}
                  helperText={visible('resolutionWidth')}
                  fullWidth
                />
                <TextField
                  label="Resolution height (pixels)"
                  inputMode="numeric"
                  value={values.resolutionHeight}
                  onChange={(e) => change({ resolutionHeight: e.target.value })}
                  error={Boolean(visible('resolutionHeight'))}
                  helperText={visible('resolutionHeight')}
                  fullWidth
                />
              </Stack>
            </Stack>
          )}
          {errors.pxPerMm && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.pxPerMm}
            </Alert>
          )}
        </Step>

        <Step number={2} title="Set your viewing distance">
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <Typography color="text.secondary">
              How far your eyes will be from the screen during tests. Measure it with a tape measure if you
              can.
            </Typography>
            <TextField
              label="Viewing distance (metres)"
              inputMode="decimal"
              value={values.distanceMetres}
              onChange={(e) => change({ distanceMetres: e.target.value, blindSpotMm: null })}
              error={Boolean(visible('distanceMetres'))}
              helperText={
                visible('distanceMetres') ??
                'Between 0.25 and 10 metres; 3 m or more measures the finest lines'
              }
            />
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Distances the presbyopia test asks about:
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {PRESBYOPIA_DISTANCES.map((label) => (
                  <Chip
                    key={label}
                    label={label}
                    variant="outlined"
                    onClick={() => change({ distanceMetres: DISTANCE_GUIDES[label], blindSpotMm: null })}
                  />
                ))}
              </Stack>
            </Box>
            {pxPerMm !== null && (
              <BlindSpotCheck
                pxPerMm={pxPerMm}
                typedDistanceMm={checked.ok ? checked.distanceMm : null}
                onUse={(distanceMm) => {
                  // Setup keeps the distance to the centimetre; the estimate is kept as used.
                  const used = Math.round(distanceMm / 10) * 10;
                  change({ distanceMetres: String(used / 1000), blindSpotMm: used });
                }}
              />
            )}
          </Stack>
        </Step>

        <Step number={3} title="Check and save">
          <Stack spacing={2}>
            {checked.ok ? (
              <CalibrationSummary
                viewing={viewingFrom(
                  { pixelsPerMm: checked.pxPerMm, distanceMm: checked.distanceMm },
                  current.devicePixelRatio,
                  settings.gamma,
                )}
                screenHeightPx={current.cssResolution.height || window.innerHeight}
              />
            ) : (
              <Alert severity="info">Complete the fields above to see what this screen can measure.</Alert>
            )}
            <TextField
              label="Name of this screen"
              value={screenName}
              onChange={(event) => {
                setSaved(false);
                setScreenName(event.target.value);
              }}
              placeholder={keptName}
              helperText={`So you can tell your screens apart, e.g. Laptop or Living room TV. Left empty, it is “${keptName}”.`}
              slotProps={{ htmlInput: { maxLength: SCREEN_NAME_MAX } }}
              sx={{ maxWidth: 480 }}
            />
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            {saved && (
              <Alert
                severity="success"
                role="status"
                action={
                  <Button color="inherit" size="small" component={RouterLink} to={`/${prefix}/gamma`}>
                    Calibrate colour
                  </Button>
                }
              >
                Calibration saved
              </Alert>
            )}
            <Box>
              <Button type="submit" variant="contained" size="large" loading={isLoading}>
                Save calibration
              </Button>
            </Box>
          </Stack>
        </Step>
      </Stack>
    </Box>
  );
}

/** /{role}/setup: card or diagonal calibration, viewing distance and what the screen can measure. */
export function SetupPage() {
  const { data, error, isLoading, refetch } = useGetTestsQuery();
  const current = useCalibrationWindow();
  const stored = data ? activeCalibration(data.settings) : null;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          Setup
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          Screen calibration
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Every chart is drawn at its true size from these figures, so take a minute to get them right.
          {stored &&
            ` Saved: ${stored.pixelsPerMm.toFixed(3)} pixels per mm at ${(stored.distanceMm / 1000).toFixed(2)} m.`}
        </Typography>
      </Box>
      {data && <StaleBanner settings={data.settings} />}
      {data ? (
        <>
          <SetupForm settings={data.settings} window={current} />
          <ScreenProfilesCard current={current} inUseWindow={settingsWindow(data.settings)} />
          <SpeechChoice />
        </>
      ) : error && !isLoading ? (
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <Stack spacing={2} aria-busy="true" aria-label="Loading your calibration">
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      )}
    </Stack>
  );
}
