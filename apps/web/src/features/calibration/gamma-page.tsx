import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_GAMMA,
  gammaFromMatchedGrey,
  greyLevelForLuminance,
  matchingGreyRange,
  STRIPE_MEAN_LUMINANCE,
} from '@visus/core';
import { errorMessage } from '@/lib/api/api-error';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import { useCalibrationWindow } from '@/lib/settings/calibration-window';
import { useGetTestsQuery, useSaveGammaMutation } from '@/lib/settings/settings-api';
import { StripePatch } from './stripe-patch';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

const PATCH_PX = 180;
const RANGE = matchingGreyRange();
/** Whole grey levels only: the screen cannot show anything in between. */
const MIN_GREY = Math.ceil(RANGE.min);
const MAX_GREY = Math.floor(RANGE.max);

function GammaForm({ storedGamma }: { storedGamma: number }) {
  const { devicePixelRatio } = useCalibrationWindow();
  const t = useT();
  const [grey, setGrey] = useState(() =>
    Math.min(
      MAX_GREY,
      Math.max(MIN_GREY, Math.round(greyLevelForLuminance(STRIPE_MEAN_LUMINANCE, storedGamma))),
    ),
  );
  const [saved, setSaved] = useState(false);
  // A screen never calibrated starts at the grey its stored gamma 1 predicts; saving that untouched would
  // store a gamma near 1 that nobody matched, and the grating tests would take it as a calibration (core
  // calibration-requirements: colour calibrated = gamma ≠ 1). So a first calibration needs a match made.
  const [moved, setMoved] = useState(storedGamma !== DEFAULT_GAMMA);
  const [save, { isLoading, error }] = useSaveGammaMutation();
  const gamma = gammaFromMatchedGrey(grey);

  const onSave = async () => {
    const result = await save({ gamma: Math.round(gamma * 1000) / 1000 });
    if ('data' in result) setSaved(true);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Stack spacing={3}>
        <Typography color="text.secondary">{t('gamma.help')}</Typography>
        <Stack
          direction="row"
          spacing={0}
          sx={{ justifyContent: 'center', bgcolor: '#000', p: 3, borderRadius: 1 }}
        >
          <StripePatch sizePx={PATCH_PX} devicePixelRatio={devicePixelRatio} />
          <Box
            role="img"
            aria-label={t('gamma.solid')}
            data-grey={grey}
            sx={{ width: PATCH_PX, height: PATCH_PX, bgcolor: `rgb(${grey}, ${grey}, ${grey})` }}
          />
        </Stack>
        <Box sx={{ maxWidth: 560, width: '100%', alignSelf: 'center' }}>
          <Slider
            aria-label={t('gamma.slider')}
            value={grey}
            min={MIN_GREY}
            max={MAX_GREY}
            step={1}
            getAriaValueText={(v) =>
              t('gamma.sliderValue', { grey: String(v), gamma: formatFixed(gammaFromMatchedGrey(v), 2) })
            }
            onChange={(_e, v) => {
              setSaved(false);
              setMoved(true);
              setGrey(v);
            }}
          />
          <Typography sx={{ textAlign: 'center' }} data-testid="gamma-readout">
            {t('gamma.readout', { grey: String(grey), gamma: formatFixed(gamma, 2) })}
          </Typography>
        </Box>
        {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
        {saved && (
          <Alert severity="success" role="status">
            {t('gamma.saved', { gamma: formatFixed(gamma, 2) })}
          </Alert>
        )}
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="contained"
            size="large"
            loading={isLoading}
            disabled={!moved}
            aria-describedby={moved ? undefined : 'gamma-move-first'}
            onClick={() => void onSave()}
          >
            {t('gamma.save')}
          </Button>
          {!moved && (
            <Typography id="gamma-move-first" variant="body2" color="text.secondary">
              {t('gamma.moveFirst')}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /{role}/gamma (Calibrate Colour): match a grey patch to fine stripes; the match gives the gamma. */
export function GammaPage() {
  const { data, error, isLoading, refetch } = useGetTestsQuery();
  const t = useT();
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('nav.calibrateColour')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {t('gamma.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('gamma.intro')}
          {data &&
            ` ${
              data.settings.gamma === DEFAULT_GAMMA
                ? t('gamma.notCalibrated')
                : t('gamma.savedGamma', { gamma: formatFixed(data.settings.gamma, 2) })
            }`}
        </Typography>
      </Box>
      {data ? (
        <GammaForm storedGamma={data.settings.gamma} />
      ) : error && !isLoading ? (
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <LoadingPlaceholder label={t('gamma.loading')}>
          <Skeleton variant="rounded" height={360} />
        </LoadingPlaceholder>
      )}
    </Stack>
  );
}
