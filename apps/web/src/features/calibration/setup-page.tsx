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
  isSameScreen,
  routePrefix,
  viewingFrom,
  type CalibrationWindow,
} from '@visus/core';
import type { Settings } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { formatFixed, formatNumber } from '@/lib/i18n/numbers';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/setup-messages';
import { useSignedInRole } from '@/lib/auth/use-auth';
import {
  activeCalibration,
  nativeResolution,
  screenProfileName,
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
import { newScreenName, screenName as defaultScreenName } from './screen-words';
import { ScrollRegion } from '@/components/scroll-region';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

/** Presbyopia's distance choices (SPEC.md §5) as typical distances, shown as guidance. */
const DISTANCE_GUIDES: Record<(typeof PRESBYOPIA_DISTANCES)[number], number> = {
  'Below 1.6m': 1.5,
  'Between 1.6m and 1.9m': 1.75,
  'Above 1.9m': 2,
};

/** Each presbyopia distance's words (its English is SPEC.md's constant; setup-page.test checks it). */
export const DISTANCE_WORDS: Record<(typeof PRESBYOPIA_DISTANCES)[number], MessageId> = {
  'Below 1.6m': 'setup.distance.below',
  'Between 1.6m and 1.9m': 'setup.distance.between',
  'Above 1.9m': 'setup.distance.above',
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
  'zoom-changed': 'setup.stale.zoomChanged',
  'screen-changed': 'setup.stale.screenChanged',
  'pinch-zoomed': 'setup.stale.pinchZoomed',
} as const satisfies Record<string, MessageId>;

function StaleBanner({ settings }: { settings: Settings }) {
  const validity = useCalibrationValidity(settings);
  const t = useT();
  if (!validity || validity.valid) return null;
  return (
    <Alert severity="warning" role="alert">
      {t(STALE_TEXT[validity.reason])}
    </Alert>
  );
}

function SetupForm({ settings, window: current }: { settings: Settings; window: CalibrationWindow }) {
  const role = useSignedInRole();
  const t = useT();
  const [native] = useState(nativeResolution);
  const [values, setValues] = useState<SetupValues>(() => initialSetupValues(settings, native));
  const [showErrors, setShowErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  const [screenName, setScreenName] = useState('');
  const [save, { isLoading, error }] = useSaveCalibrationMutation();
  // The name this screen's profile has, or will get when none is typed (docs/adr/0027).
  const profiles = useGetScreenProfilesQuery();
  const kept = profiles.data?.find((p) => isSameScreen(settingsWindow(p.settings), current));
  const keptName = kept ? screenProfileName(kept) : defaultScreenName(current);
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
    // A new screen's profile is named in the language shown (the server would name it in English).
    const name = screenName.trim() || (profiles.data && !kept ? newScreenName(current) : '');
    const result = await save({
      ...settingsBody(values, checked, current, native),
      ...(name ? { screenName: name } : {}),
    });
    if ('data' in result) setSaved(true);
  };

  const pxPerMm = checked.ok ? checked.pxPerMm : null;
  const prefix = role ? routePrefix(role) : 'user';

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('setup.form')}>
      <Stack spacing={3}>
        <Step number={1} title={t('setup.step.measure')}>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={values.method}
            onChange={(_e, method: SetupValues['method'] | null) => method && change({ method })}
            aria-label={t('setup.method')}
            sx={{ mb: 3, flexWrap: 'wrap' }}
          >
            <ToggleButton value="card">
              <CreditCardOutlinedIcon sx={{ mr: 1 }} /> {t('setup.method.card')}
            </ToggleButton>
            <ToggleButton value="diagonal">
              <StraightenOutlinedIcon sx={{ mr: 1 }} /> {t('setup.method.diagonal')}
            </ToggleButton>
          </ToggleButtonGroup>

          {values.method === 'card' ? (
            <Stack spacing={2}>
              <Typography color="text.secondary">{t('setup.card.help')}</Typography>
              {/* Drawn at its true size: in a narrow window it scrolls sideways on its own (WCAG 1.4.10). */}
              <ScrollRegion label={t('setup.card.region')}>
                <Box sx={{ py: 1 }}>
                  <IdCard widthPx={values.cardWidthPx} />
                </Box>
              </ScrollRegion>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 720 }}>
                <IconButton aria-label={t('setup.card.smaller')} onClick={() => nudgeCard(-CARD_STEP_PX)}>
                  <RemoveIcon />
                </IconButton>
                <Slider
                  aria-label={t('setup.card.width')}
                  value={values.cardWidthPx}
                  min={CARD_SLIDER.min}
                  max={CARD_SLIDER.max}
                  step={CARD_STEP_PX}
                  getAriaValueText={(v) => t('setup.card.pixels', { value: formatNumber(v) })}
                  onChange={(_e, v) => change({ cardWidthPx: v })}
                />
                <IconButton aria-label={t('setup.card.larger')} onClick={() => nudgeCard(CARD_STEP_PX)}>
                  <AddIcon />
                </IconButton>
              </Stack>
              <Typography variant="body2" data-testid="card-readout">
                {pxPerMm === null
                  ? t('setup.card.readout', { width: formatFixed(values.cardWidthPx, 1) })
                  : t('setup.card.readoutPxPerMm', {
                      width: formatFixed(values.cardWidthPx, 1),
                      pxPerMm: formatFixed(pxPerMm, 3),
                    })}
              </Typography>
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ maxWidth: 560 }}>
              <Typography color="text.secondary">{t('setup.diagonal.help')}</Typography>
              <TextField
                label={t('setup.diagonal.label')}
                inputMode="decimal"
                value={values.diagonalInches}
                onChange={(e) => change({ diagonalInches: e.target.value })}
                error={Boolean(visible('diagonalInches'))}
                helperText={visible('diagonalInches') ?? t('setup.diagonal.example')}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('setup.resolution.width')}
                  inputMode="numeric"
                  value={values.resolutionWidth}
                  onChange={(e) => change({ resolutionWidth: e.target.value })}
                  error={Boolean(visible('resolutionWidth'))}
                  helperText={visible('resolutionWidth')}
                  fullWidth
                />
                <TextField
                  label={t('setup.resolution.height')}
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

        <Step number={2} title={t('setup.step.distance')}>
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <Typography color="text.secondary">{t('setup.distance.help')}</Typography>
            <TextField
              label={t('setup.distance.label')}
              inputMode="decimal"
              value={values.distanceMetres}
              onChange={(e) => change({ distanceMetres: e.target.value, blindSpotMm: null })}
              error={Boolean(visible('distanceMetres'))}
              helperText={visible('distanceMetres') ?? t('setup.distance.hint')}
            />
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('setup.distance.presbyopia')}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {PRESBYOPIA_DISTANCES.map((label) => (
                  <Chip
                    key={label}
                    label={t(DISTANCE_WORDS[label])}
                    variant="outlined"
                    onClick={() =>
                      change({ distanceMetres: formatNumber(DISTANCE_GUIDES[label]), blindSpotMm: null })
                    }
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
                  change({ distanceMetres: formatNumber(used / 1000), blindSpotMm: used });
                }}
              />
            )}
          </Stack>
        </Step>

        <Step number={3} title={t('setup.step.save')}>
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
              <Alert severity="info">{t('setup.completeFields')}</Alert>
            )}
            <TextField
              label={t('setup.screenName')}
              value={screenName}
              onChange={(event) => {
                setSaved(false);
                setScreenName(event.target.value);
              }}
              placeholder={keptName}
              helperText={t('setup.screenNameHelp', { name: keptName })}
              slotProps={{ htmlInput: { maxLength: SCREEN_NAME_MAX } }}
              sx={{ maxWidth: 480 }}
            />
            {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
            {saved && (
              <Alert
                severity="success"
                role="status"
                action={
                  <Button color="inherit" size="small" component={RouterLink} to={`/${prefix}/gamma`}>
                    {t('setup.calibrateColour')}
                  </Button>
                }
              >
                {t('setup.saved')}
              </Alert>
            )}
            <Box>
              <Button type="submit" variant="contained" size="large" loading={isLoading}>
                {t('setup.save')}
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
  const t = useT();

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('nav.setup')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {t('setup.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('setup.intro')}
          {stored &&
            ` ${t('setup.introSaved', {
              pxPerMm: formatFixed(stored.pixelsPerMm, 3),
              metres: formatFixed(stored.distanceMm / 1000, 2),
            })}`}
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
        <LoadingPlaceholder spacing={2} label={t('setup.loading')}>
          <Skeleton variant="rounded" height={280} />
          <Skeleton variant="rounded" height={160} />
        </LoadingPlaceholder>
      )}
    </Stack>
  );
}
