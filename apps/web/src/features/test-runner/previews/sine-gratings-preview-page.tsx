import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DIAMOND_TILE_ROTATIONS, gratingPeriodPx, gratingResolvable, pixelsPerDegree } from '@visus/core';
import { SineGrating } from '@/features/test-runner/stimuli/sine-grating';
import { LabelledSlider } from './labelled-slider';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';
import { PreviewFrame, PreviewSection, usePreviewViewing } from './preview-viewing';

/** /admin/preview/sinegratingscorrected: gamma-corrected sine gratings with their settings. */
export function SineGratingsPreviewPage() {
  const t = useT();
  const viewing = usePreviewViewing();
  const [contrast, setContrast] = useState(20);
  const [cpd, setCpd] = useState(4);
  const [orientation, setOrientation] = useState(90);
  const [sizeDeg, setSizeDeg] = useState(4);
  const [shape, setShape] = useState<'square' | 'circle'>('circle');
  const ppd = pixelsPerDegree(viewing);
  const sizePx = Math.max(16, Math.min(480, Math.round(sizeDeg * ppd)));
  const periodDevice = gratingPeriodPx(ppd * viewing.devicePixelRatio, cpd);
  const common = {
    cyclesPerDegree: cpd,
    pixelsPerDegree: ppd,
    gamma: viewing.gamma,
  } as const;
  return (
    <PreviewFrame title={t('preview.gratings.title')} intro={t('preview.gratings.intro')} viewing={viewing}>
      <PreviewSection title={t('preview.gratings.grating')}>
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <LabelledSlider
              label={t('preview.gratings.contrast')}
              unit=" %"
              value={contrast}
              min={0}
              max={100}
              step={1}
              onChange={setContrast}
            />
            <LabelledSlider
              label={t('preview.gratings.frequency')}
              unit={t('preview.gratings.cpd')}
              value={cpd}
              min={0.5}
              max={30}
              step={0.5}
              onChange={setCpd}
            />
            <LabelledSlider
              label={t('preview.gratings.orientation')}
              unit="°"
              value={orientation}
              min={0}
              max={179}
              step={1}
              onChange={setOrientation}
            />
            <LabelledSlider
              label={t('preview.gratings.size')}
              unit="°"
              value={sizeDeg}
              min={1}
              max={10}
              step={0.5}
              onChange={setSizeDeg}
            />
          </Stack>
          <ToggleButtonGroup
            exclusive
            value={shape}
            onChange={(_e, v: 'square' | 'circle' | null) => v && setShape(v)}
            aria-label={t('preview.gratings.shape')}
            size="small"
          >
            <ToggleButton value="circle">{t('preview.gratings.circle')}</ToggleButton>
            <ToggleButton value="square">{t('preview.gratings.square')}</ToggleButton>
          </ToggleButtonGroup>
          <Typography data-testid="grating-period">
            {t('preview.gratings.period', {
              device: formatFixed(periodDevice, 2),
              css: formatFixed(periodDevice / viewing.devicePixelRatio, 2),
            })}
          </Typography>
          {!gratingResolvable(periodDevice) && (
            <Alert severity="warning">{t('preview.gratings.tooFine')}</Alert>
          )}
          <Stack
            direction="row"
            sx={{ bgcolor: 'rgb(128,128,128)', p: 3, justifyContent: 'center', borderRadius: 1 }}
          >
            <SineGrating
              {...common}
              sizePx={sizePx}
              orientationDeg={orientation}
              contrast={contrast / 100}
              shape={shape}
            />
          </Stack>
        </Stack>
      </PreviewSection>
      <PreviewSection title={t('preview.gratings.orientations')}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 3 }}>
          {DIAMOND_TILE_ROTATIONS.map((deg) => (
            <Stack key={deg} spacing={1} sx={{ alignItems: 'center' }}>
              <SineGrating
                {...common}
                sizePx={Math.min(sizePx, 160)}
                orientationDeg={deg}
                contrast={contrast / 100}
              />
              <Typography variant="caption">{deg}°</Typography>
            </Stack>
          ))}
        </Stack>
      </PreviewSection>
    </PreviewFrame>
  );
}
