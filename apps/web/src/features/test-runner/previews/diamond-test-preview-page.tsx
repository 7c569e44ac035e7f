import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DIAMOND_ARRANGEMENTS,
  DIAMOND_CONTRASTS,
  DIAMOND_TILE_ROTATIONS,
  diamondTheme,
  pixelsPerDegree,
  type DiamondBox,
} from '@visus/core';
import { DiamondTiles } from '@/features/test-runner/stimuli/diamond-tiles';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { PreviewFrame, PreviewSection, usePreviewViewing } from './preview-viewing';

/** A tile's kind (core's DIAMOND_ARRANGEMENTS) in words. */
const KIND_IDS = {
  grating: 'preview.kind.grating',
  medium: 'preview.kind.medium',
  light: 'preview.kind.light',
} as const satisfies Record<DiamondBox, MessageId>;

const THEME_BACKGROUND = { light: '#ffffff', medium: 'rgb(128, 128, 128)' } as const;

/** /admin/preview/diamondtestpreview: the Diamond test's tiles for any arrangement, stage and round. */
export function DiamondTestPreviewPage() {
  const t = useT();
  const viewing = usePreviewViewing();
  const [arrangement, setArrangement] = useState(0);
  const [contrast, setContrast] = useState<number>(DIAMOND_CONTRASTS[0]);
  const [selected, setSelected] = useState(0);
  const [round, setRound] = useState(1);
  const boxes = DIAMOND_ARRANGEMENTS[arrangement]!;
  const theme = diamondTheme(round);
  return (
    <PreviewFrame title={t('preview.diamond.title')} intro={t('preview.diamond.intro')} viewing={viewing}>
      <PreviewSection title={t('preview.diamond.tiles')}>
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              select
              label={t('preview.diamond.arrangement')}
              value={arrangement}
              onChange={(e) => setArrangement(Number(e.target.value))}
              sx={{ minWidth: 280 }}
            >
              {DIAMOND_ARRANGEMENTS.map((a, i) => (
                <MenuItem key={i} value={i}>
                  {t('preview.diamond.arrangementOption', {
                    number: String(i + 1),
                    tiles: a.map((kind) => t(KIND_IDS[kind])).join(', '),
                  })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('preview.diamond.selected')}
              value={selected}
              onChange={(e) => setSelected(Number(e.target.value))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value={0}>{t('preview.diamond.none')}</MenuItem>
              {[1, 2, 3, 4].map((n) => (
                <MenuItem key={n} value={n}>
                  {t('preview.diamond.tile', { number: String(n) })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('preview.diamond.round')}
              value={round}
              onChange={(e) => setRound(Number(e.target.value))}
              sx={{ minWidth: 120 }}
            >
              {[1, 2, 3].map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              exclusive
              value={contrast}
              onChange={(_e, v: number | null) => v !== null && setContrast(v)}
              aria-label={t('preview.diamond.stage')}
            >
              {DIAMOND_CONTRASTS.map((c, i) => (
                <ToggleButton key={c} value={c}>
                  {t('preview.diamond.stageOption', { number: String(i + 1), contrast: String(c) })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
          <Typography color="text.secondary">
            {t(theme === 'light' ? 'preview.diamond.roundLight' : 'preview.diamond.roundMedium', {
              round: String(round),
              tile: String(boxes.indexOf('grating') + 1),
            })}
          </Typography>
          <Stack
            sx={{ bgcolor: THEME_BACKGROUND[theme], p: 3, borderRadius: 1, alignItems: 'center' }}
            data-theme={theme}
          >
            <DiamondTiles
              arrangement={boxes}
              rotations={DIAMOND_TILE_ROTATIONS}
              contrast={contrast}
              gamma={viewing.gamma}
              selected={selected || undefined}
              pixelsPerDegree={pixelsPerDegree(viewing)}
            />
          </Stack>
        </Stack>
      </PreviewSection>
    </PreviewFrame>
  );
}
