import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';
import {
  drawsCrowded,
  greyLevelForLuminance,
  LANDOLT_C_ROTATIONS,
  LOGMAR_LIMITS,
  logMar,
  optotypeSize,
  pixelsPerDegree,
  SLOAN_SHAPE_LETTERS,
  snellenDenominator,
  type LogMar,
} from '@visus/core';
import { DuochromeBoxes } from '@/features/test-runner/stimuli/duochrome-boxes';
import { LandoltC } from '@/features/test-runner/stimuli/optotypes/landolt-c';
import { SloanLetter } from '@/features/test-runner/stimuli/optotypes/sloan-letter';
import { TumblingE } from '@/features/test-runner/stimuli/optotypes/tumbling-e';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';
import { PreviewFrame, PreviewSection, usePreviewViewing, type PreviewViewing } from './preview-viewing';

/** logMAR values shown when the address has no `logmar` list. */
export const DEFAULT_PREVIEW_LOGMARS = [0, 0.3, 1] as const;

/** The `logmar` query parameter: comma-separated values within the logMAR range; bad entries are dropped. */
export function parseLogMarList(raw: string | null): number[] {
  if (raw === null || raw.trim() === '') return [...DEFAULT_PREVIEW_LOGMARS];
  const values = raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n >= LOGMAR_LIMITS.min && n <= LOGMAR_LIMITS.max);
  return values.length > 0 ? values : [...DEFAULT_PREVIEW_LOGMARS];
}

function rotationParam(raw: string | null): number {
  const n = Number(raw);
  return raw !== null && (LANDOLT_C_ROTATIONS as readonly number[]).includes(n) ? n : 0;
}

/** Height of the letter-shape gallery, CSS px. */
const SHAPES_PX = 96;

const GREY_STEPS = Array.from({ length: 11 }, (_, i) => i / 10);

function GreyRamp({ gamma }: { gamma: number }) {
  const t = useT();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
      {GREY_STEPS.map((l) => {
        const v = Math.round(greyLevelForLuminance(l, gamma));
        return (
          <Box key={l} sx={{ textAlign: 'center', width: 72 }}>
            <Box
              role="img"
              aria-label={t('preview.colours.grey', {
                percent: String(Math.round(l * 100)),
                level: String(v),
              })}
              sx={{
                height: 56,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: `rgb(${v}, ${v}, ${v})`,
              }}
            />
            <Typography variant="caption" component="p">
              {Math.round(l * 100)} % · {v}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

function Swatch({ name, colour }: { name: string; colour: string }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 220 }}>
      <Box
        role="img"
        aria-label={`${name} ${colour}`}
        sx={{ width: 40, height: 40, borderRadius: 1, bgcolor: colour, border: 1, borderColor: 'divider' }}
      />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {colour}
        </Typography>
      </Box>
    </Stack>
  );
}

/** A logMAR as "logMAR 0.30 (6/12)" (the Snellen line as written, the logMAR with the language's mark). */
function levelLabel(logMAR: number): string {
  const denominator = snellenDenominator(logMAR as LogMar, 6);
  return `logMAR ${formatFixed(logMAR, 2)} (6/${denominator >= 10 ? Math.round(denominator) : denominator.toFixed(1)})`;
}

function SizeSample({
  kind,
  logMAR,
  heightPx,
  deviceHeight,
  rotation,
  crowding,
  children,
}: {
  kind: string;
  logMAR: number;
  heightPx: number;
  deviceHeight: number;
  rotation: number;
  crowding: boolean;
  children: React.ReactNode;
}) {
  return (
    <Box
      data-testid={`size-sample-${kind}-${logMAR}`}
      data-expected-device-px={deviceHeight}
      data-height-css-px={heightPx}
      data-rotation={rotation}
      data-crowding={String(crowding)}
      sx={{ bgcolor: '#fff', p: '16px', lineHeight: 0, display: 'inline-block' }}
    >
      {children}
    </Box>
  );
}

function OptotypeSizes({ viewing }: { viewing: PreviewViewing }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const logMars = parseLogMarList(params.get('logmar'));
  const rotation = rotationParam(params.get('rotation'));
  // As a session asks for it (SPEC.md §3 crowding): bars only on the charts whose configuration carries
  // it (core drawsCrowded: Sloan and Tumbling E, never Landolt C); off by default, as in the test config.
  const crowdingParam = params.get('crowding');
  const crowding = crowdingParam === null ? undefined : crowdingParam === 'true';
  const update = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  const [logMarText, setLogMarText] = useState(logMars.join(', '));
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('preview.sizes.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          label={t('preview.sizes.values')}
          helperText={t('preview.sizes.valuesHelp')}
          value={logMarText}
          onChange={(e) => setLogMarText(e.target.value)}
          onBlur={() => update('logmar', logMarText)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update('logmar', logMarText);
          }}
        />
        <TextField
          select
          label={t('preview.sizes.rotation')}
          value={rotation}
          onChange={(e) => update('rotation', e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {LANDOLT_C_ROTATIONS.map((r) => (
            <MenuItem key={r} value={r}>
              {r}°
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={drawsCrowded('sloan', crowding)}
              onChange={(e) => update('crowding', e.target.checked ? 'true' : null)}
            />
          }
          label={t('preview.sizes.crowding')}
        />
      </Stack>
      {logMars.map((logMAR) => {
        const size = optotypeSize(logMar(logMAR), viewing);
        // Tumbling E snaps to multiples of 5 device px, so crisp edges draw whole-pixel strokes (core).
        const eSize = optotypeSize(logMar(logMAR), viewing, 'tumbling-e');
        const sample = {
          logMAR,
          heightPx: size.heightCssPx,
          deviceHeight: size.heightDevicePx,
          rotation,
        };
        const eRotation = rotation % 90 === 0 ? rotation : 0;
        return (
          <Box key={logMAR} data-testid={`size-row-${logMAR}`}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t(size.fits ? 'preview.sizes.row' : 'preview.sizes.rowTooSmall', {
                level: levelLabel(logMAR),
                device: String(size.heightDevicePx),
                css: formatFixed(size.heightCssPx, 2),
                shown: formatFixed(size.logMarShown, 3),
              })}
            </Typography>
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1 }}
            >
              <SizeSample kind="sloan" {...sample} crowding={drawsCrowded('sloan', crowding)}>
                <SloanLetter
                  letter="H"
                  heightPx={size.heightCssPx}
                  crowding={drawsCrowded('sloan', crowding)}
                />
              </SizeSample>
              <SizeSample kind="landolt-c" {...sample} crowding={drawsCrowded('landoltC', crowding)}>
                <LandoltC
                  rotation={rotation}
                  heightPx={size.heightCssPx}
                  crowding={drawsCrowded('landoltC', crowding)}
                />
              </SizeSample>
              <SizeSample
                kind="tumbling-e"
                {...sample}
                heightPx={eSize.heightCssPx}
                deviceHeight={eSize.heightDevicePx}
                rotation={eRotation}
                crowding={drawsCrowded('tumblingE', crowding)}
              >
                <TumblingE
                  rotation={eRotation}
                  heightPx={eSize.heightCssPx}
                  crowding={drawsCrowded('tumblingE', crowding)}
                />
              </SizeSample>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/** /admin/preview/colours: the test colours, the gamma-corrected grey ramp and the optotype sizes. */
export function ColoursPreviewPage() {
  const t = useT();
  const viewing = usePreviewViewing();
  const theme = useTheme();
  const boxPx = Math.min(220, Math.round(3 * pixelsPerDegree(viewing)));
  return (
    <PreviewFrame title={t('preview.colours.title')} intro={t('preview.colours.intro')} viewing={viewing}>
      <PreviewSection title={t('preview.colours.testColours')}>
        <Stack spacing={3}>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Swatch name={t('preview.colours.red')} colour={theme.palette.error.main} />
            <Swatch name={t('preview.colours.green')} colour={theme.palette.success.main} />
            <Swatch name={t('preview.colours.primary')} colour={theme.palette.primary.main} />
            <Swatch name={t('preview.colours.background')} colour={theme.palette.background.default} />
          </Stack>
          <DuochromeBoxes heightPx={boxPx} />
        </Stack>
      </PreviewSection>
      <PreviewSection title={t('preview.colours.greys')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('preview.colours.greysText')}
        </Typography>
        <GreyRamp gamma={viewing.gamma} />
      </PreviewSection>
      <PreviewSection title={t('preview.colours.sizes')} testId="optotype-sizes">
        <OptotypeSizes viewing={viewing} />
      </PreviewSection>
      <PreviewSection title={t('preview.colours.sloan')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('preview.colours.sloanText', { height: String(SHAPES_PX) })}
        </Typography>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: `${SHAPES_PX}px`, bgcolor: '#fff', p: 2 }}
        >
          {SLOAN_SHAPE_LETTERS.map((letter) => (
            <SloanLetter key={letter} letter={letter} heightPx={SHAPES_PX} />
          ))}
        </Stack>
      </PreviewSection>
    </PreviewFrame>
  );
}
