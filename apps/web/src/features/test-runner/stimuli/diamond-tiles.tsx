import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DIAMOND_CYCLES_PER_DEGREE,
  DIAMOND_MEAN_LUMINANCE,
  DIAMOND_TILE_DEGREES,
  type DiamondBox,
} from '@visus/core';
import { currentDevicePixelRatio } from './pixel-canvas';
import { SineGrating } from './sine-grating';

/** Largest tile side in CSS px when the physical 3° would not fit three tiles on a screen. */
export const DIAMOND_MAX_TILE_PX = 220;

export interface DiamondTilesProps {
  /** Kind of tile 1 … 4 (core `DIAMOND_ARRANGEMENTS[i]`). */
  readonly arrangement: readonly DiamondBox[];
  /** Grating orientation of tile 1 … 4, degrees (core `DIAMOND_TILE_ROTATIONS`). */
  readonly rotations: readonly number[];
  /** Michelson contrast in percent (core Diamond state: 20, then 8). */
  readonly contrast: number;
  readonly gamma: number;
  /** Luminance jitter factor of tile 1 … 4 (core Diamond state `luminanceFactors`); default all 1. */
  readonly luminanceFactors?: readonly number[];
  /** Selected tile 1 … 4. */
  readonly selected?: number;
  /** CSS px per degree at the viewing distance. */
  readonly pixelsPerDegree: number;
  /** Tile side in CSS px; default 3° of visual angle, at most {@link DIAMOND_MAX_TILE_PX}. */
  readonly tilePx?: number;
  readonly devicePixelRatio?: number;
}

/** Where tiles 1 … 4 sit in the 3 × 3 grid: top, right, bottom, left. */
const PLACES = [
  { row: 1, column: 2 },
  { row: 2, column: 3 },
  { row: 3, column: 2 },
  { row: 2, column: 1 },
] as const;

/**
 * Diamond (SPEC.md §2): four numbered tiles in a diamond — one sine grating at `contrast`, two uniform
 * tiles emitting exactly the grating's drawn mean luminance and one at its peak (core diamond-tiles.ts,
 * `fillGratingChoicePatch`), each times its luminance jitter factor, all gamma-corrected.
 */
export function DiamondTiles({
  arrangement,
  rotations,
  contrast,
  gamma,
  luminanceFactors = [1, 1, 1, 1],
  selected,
  pixelsPerDegree,
  tilePx,
  devicePixelRatio,
}: DiamondTilesProps) {
  if (arrangement.length !== 4 || rotations.length !== 4 || luminanceFactors.length !== 4)
    throw new RangeError('Diamond needs four tiles, four rotations and four luminance factors');
  // The uniform tiles are matched to the grating on screen (its orientation, so its drawn pixels).
  const gratingRotation = rotations[arrangement.indexOf('grating')] ?? rotations[0]!;
  const dpr = devicePixelRatio ?? currentDevicePixelRatio();
  const side =
    tilePx ?? Math.max(24, Math.min(DIAMOND_MAX_TILE_PX, Math.floor(DIAMOND_TILE_DEGREES * pixelsPerDegree)));
  return (
    <Box
      role="group"
      aria-label="Diamond tiles"
      data-testid="diamond-tiles"
      sx={{ display: 'grid', gridTemplateColumns: `repeat(3, ${side}px)`, gap: 2, justifyContent: 'center' }}
    >
      {arrangement.map((kind, i) => (
        <Box
          key={i}
          data-testid={`diamond-tile-${i + 1}`}
          data-kind={kind}
          aria-label={`Tile ${i + 1}`}
          aria-current={selected === i + 1 ? 'true' : undefined}
          role="figure"
          sx={{
            gridRow: PLACES[i]!.row,
            gridColumn: PLACES[i]!.column,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 0.5,
          }}
        >
          <Typography
            component="span"
            sx={{
              fontWeight: 700,
              fontSize: '1.5rem',
              lineHeight: 1,
              color: selected === i + 1 ? 'primary.main' : 'text.primary',
            }}
          >
            {i + 1}
          </Typography>
          <Box
            sx={{
              outline: selected === i + 1 ? '4px solid' : '1px solid',
              outlineColor: selected === i + 1 ? 'primary.main' : 'divider',
              outlineOffset: 3,
              lineHeight: 0,
            }}
          >
            <SineGrating
              sizePx={side}
              cyclesPerDegree={DIAMOND_CYCLES_PER_DEGREE}
              pixelsPerDegree={pixelsPerDegree}
              orientationDeg={kind === 'grating' ? rotations[i]! : gratingRotation}
              contrast={contrast / 100}
              gamma={gamma}
              meanLuminance={DIAMOND_MEAN_LUMINANCE}
              patch={kind === 'medium' ? 'blank' : kind}
              luminanceFactor={luminanceFactors[i]!}
              devicePixelRatio={dpr}
              testId={kind === 'grating' ? `diamond-grating-${i + 1}` : `diamond-uniform-${i + 1}`}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
