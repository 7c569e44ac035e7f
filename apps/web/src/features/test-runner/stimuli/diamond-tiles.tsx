import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  diamondLayout,
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
  /**
   * The room the tiles may take, CSS px (issue 20): the arrangement is chosen to fit it (core
   * `diamondLayout`), the tiles keep their size. Default: unlimited, the spec's 3 × 3 diamond.
   */
  readonly room?: { readonly width: number; readonly height: number };
}

/** The number above a tile: its line height and the gap under it, CSS px (the layout counts them). */
const NUMBER_PX = 24;
const NUMBER_GAP_PX = 4;
/** Between two tiles' cells: room for both selection outlines (4 px wide, 3 px out). */
const TILE_GAP_PX = 16;
/** All round: a selected tile's outline lies outside its tile. */
const OUTLINE_MARGIN_PX = 8;

/** A tile's side in CSS px: 3° of visual angle, at least 24 px and at most {@link DIAMOND_MAX_TILE_PX}. */
export function diamondTileSide(pixelsPerDegree: number): number {
  return Math.max(24, Math.min(DIAMOND_MAX_TILE_PX, Math.floor(DIAMOND_TILE_DEGREES * pixelsPerDegree)));
}

/** The whole arrangement's size for a tile side and a room, as DiamondTiles lays it out. */
export function diamondTilesLayout(tilePx: number, room?: { width: number; height: number }) {
  return diamondLayout({
    tilePx,
    labelPx: NUMBER_PX + NUMBER_GAP_PX,
    gapPx: TILE_GAP_PX,
    marginPx: OUTLINE_MARGIN_PX,
    room: room ?? { width: Infinity, height: Infinity },
  });
}

/**
 * Diamond (SPEC.md §2): four numbered tiles in a diamond — one sine grating at `contrast`, two uniform
 * tiles emitting exactly the grating's drawn mean luminance and one at its peak (core diamond-tiles.ts,
 * `fillGratingChoicePatch`), each times its luminance jitter factor, all gamma-corrected. Tile 1 is at the
 * top, 2 right, 3 bottom, 4 left, in the most open arrangement that fits `room` (core `diamondLayout`).
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
  room,
}: DiamondTilesProps) {
  if (arrangement.length !== 4 || rotations.length !== 4 || luminanceFactors.length !== 4)
    throw new RangeError('Diamond needs four tiles, four rotations and four luminance factors');
  // The uniform tiles are matched to the grating on screen (its orientation, so its drawn pixels).
  const gratingRotation = rotations[arrangement.indexOf('grating')] ?? rotations[0]!;
  const dpr = devicePixelRatio ?? currentDevicePixelRatio();
  const side = tilePx ?? diamondTileSide(pixelsPerDegree);
  const layout = diamondTilesLayout(side, room);
  return (
    <Box
      role="group"
      aria-label="Diamond tiles"
      data-testid="diamond-tiles"
      data-shape={layout.shape}
      data-fits={String(layout.fits)}
      // Inline: the size and places change with the room, and a class per room would pile up.
      style={{ width: layout.width, height: layout.height }}
      sx={{ position: 'relative', mx: 'auto', flexShrink: 0 }}
    >
      {arrangement.map((kind, i) => (
        <Box
          key={i}
          data-testid={`diamond-tile-${i + 1}`}
          data-kind={kind}
          aria-label={`Tile ${i + 1}`}
          aria-current={selected === i + 1 ? 'true' : undefined}
          role="figure"
          style={{ left: layout.cells[i]!.x, top: layout.cells[i]!.y, width: side }}
          sx={{
            position: 'absolute',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: `${NUMBER_GAP_PX}px`,
          }}
        >
          <Typography
            component="span"
            sx={{
              fontWeight: 700,
              fontSize: '1.5rem',
              lineHeight: `${NUMBER_PX}px`,
              height: NUMBER_PX,
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
