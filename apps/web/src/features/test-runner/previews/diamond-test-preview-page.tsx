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
} from '@visus/core';
import { DiamondTiles } from '@/features/test-runner/stimuli/diamond-tiles';
import { PreviewFrame, PreviewSection, usePreviewViewing } from './preview-viewing';

const THEME_BACKGROUND = { light: '#ffffff', medium: 'rgb(128, 128, 128)' } as const;

/** /admin/preview/diamondtestpreview: the Diamond test's tiles for any arrangement, stage and round. */
export function DiamondTestPreviewPage() {
  const viewing = usePreviewViewing();
  const [arrangement, setArrangement] = useState(0);
  const [contrast, setContrast] = useState<number>(DIAMOND_CONTRASTS[0]);
  const [selected, setSelected] = useState(0);
  const [round, setRound] = useState(1);
  const boxes = DIAMOND_ARRANGEMENTS[arrangement]!;
  const theme = diamondTheme(round);
  return (
    <PreviewFrame
      title="Diamond Test Preview"
      intro="The four numbered tiles of the Diamond contrast test: one grating, two plain tiles at its mean grey and one lighter tile."
      viewing={viewing}
    >
      <PreviewSection title="Tiles">
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              select
              label="Arrangement"
              value={arrangement}
              onChange={(e) => setArrangement(Number(e.target.value))}
              sx={{ minWidth: 280 }}
            >
              {DIAMOND_ARRANGEMENTS.map((a, i) => (
                <MenuItem key={i} value={i}>
                  {`${i + 1}: ${a.join(', ')}`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Selected tile"
              value={selected}
              onChange={(e) => setSelected(Number(e.target.value))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value={0}>None</MenuItem>
              {[1, 2, 3, 4].map((n) => (
                <MenuItem key={n} value={n}>
                  Tile {n}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Round"
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
              aria-label="Contrast stage"
            >
              {DIAMOND_CONTRASTS.map((c, i) => (
                <ToggleButton key={c} value={c}>
                  Stage {i + 1}: {c} %
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
          <Typography color="text.secondary">
            Round {round} uses the {theme} theme. The grating is tile {boxes.indexOf('grating') + 1}.
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
