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
import { useCalibrationWindow } from '@/lib/settings/calibration-window';
import { useGetTestsQuery, useSaveGammaMutation } from '@/lib/settings/settings-api';
import { StripePatch } from './stripe-patch';
import { LoadErrorAlert } from '@/components/load-error-alert';

const PATCH_PX = 180;
const RANGE = matchingGreyRange();
/** Whole grey levels only: the screen cannot show anything in between. */
const MIN_GREY = Math.ceil(RANGE.min);
const MAX_GREY = Math.floor(RANGE.max);

function GammaForm({ storedGamma }: { storedGamma: number }) {
  const { devicePixelRatio } = useCalibrationWindow();
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
        <Typography color="text.secondary">
          Turn the screen brightness up and avoid reflections. Step back or squint a little until the stripes
          on the left blur into a flat grey, then move the slider until the two squares look equally bright.
        </Typography>
        <Stack
          direction="row"
          spacing={0}
          sx={{ justifyContent: 'center', bgcolor: '#000', p: 3, borderRadius: 1 }}
        >
          <StripePatch sizePx={PATCH_PX} devicePixelRatio={devicePixelRatio} />
          <Box
            role="img"
            aria-label="Solid grey patch"
            data-grey={grey}
            sx={{ width: PATCH_PX, height: PATCH_PX, bgcolor: `rgb(${grey}, ${grey}, ${grey})` }}
          />
        </Stack>
        <Box sx={{ maxWidth: 560, width: '100%', alignSelf: 'center' }}>
          <Slider
            aria-label="Grey level"
            value={grey}
            min={MIN_GREY}
            max={MAX_GREY}
            step={1}
            getAriaValueText={(v) => `grey level ${v}, gamma ${gammaFromMatchedGrey(v).toFixed(2)}`}
            onChange={(_e, v) => {
              setSaved(false);
              setMoved(true);
              setGrey(v);
            }}
          />
          <Typography sx={{ textAlign: 'center' }} data-testid="gamma-readout">
            Grey level {grey} → gamma {gamma.toFixed(2)}
          </Typography>
        </Box>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {saved && (
          <Alert severity="success" role="status">
            Gamma {gamma.toFixed(2)} saved
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
            Save gamma
          </Button>
          {!moved && (
            <Typography id="gamma-move-first" variant="body2" color="text.secondary">
              Move the slider until the two squares match, then save.
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
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          Calibrate Colour
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          Screen gamma
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Screens do not show shades of grey in proportion to their values. Measuring your screen&apos;s gamma
          lets the contrast tests show the contrast they intend.
          {data &&
            (data.settings.gamma === DEFAULT_GAMMA
              ? ' Not calibrated yet (gamma 1).'
              : ` Saved gamma: ${data.settings.gamma.toFixed(2)}.`)}
        </Typography>
      </Box>
      {data ? (
        <GammaForm storedGamma={data.settings.gamma} />
      ) : error && !isLoading ? (
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <Skeleton variant="rounded" height={360} aria-busy="true" aria-label="Loading your settings" />
      )}
    </Stack>
  );
}
