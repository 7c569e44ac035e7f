import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { optotypePathData, optotypeRotationTransform, TUMBLING_E_SHAPE } from '@visus/core';
import { SineGrating } from './sine-grating';

/**
 * Spatial frequency of the axis gratings, cycles per degree: coarse enough (3 c/deg) that blur along one
 * meridian, not acuity, decides which image looks clearer.
 */
export const AXIS_CYCLES_PER_DEGREE = 3;

export interface AxisImagesProps {
  /** Bar orientation of the left image, degrees counter-clockwise (0 = horizontal bars). */
  readonly leftDeg: number;
  readonly rightDeg: number;
  /** Side of each image in CSS px. */
  readonly sizePx: number;
  readonly gamma: number;
  /** CSS px per degree at the viewing distance. */
  readonly pixelsPerDegree: number;
  /** Default {@link AXIS_CYCLES_PER_DEGREE}. */
  readonly cyclesPerDegree?: number;
  /** Michelson contrast 0 … 1; default 1. */
  readonly contrast?: number;
  readonly devicePixelRatio?: number;
}

/** Astigmatism Axis (SPEC.md §2): the left and right rotated grating images side by side. */
export function AxisImages({
  leftDeg,
  rightDeg,
  sizePx,
  gamma,
  pixelsPerDegree,
  cyclesPerDegree = AXIS_CYCLES_PER_DEGREE,
  contrast = 1,
  devicePixelRatio,
}: AxisImagesProps) {
  const image = (side: 'left' | 'right', deg: number) => (
    <Box
      component="figure"
      data-testid={`axis-image-${side}`}
      data-orientation={deg}
      sx={{ m: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
    >
      <SineGrating
        sizePx={sizePx}
        cyclesPerDegree={cyclesPerDegree}
        pixelsPerDegree={pixelsPerDegree}
        orientationDeg={deg}
        contrast={contrast}
        gamma={gamma}
        shape="circle"
        devicePixelRatio={devicePixelRatio}
        testId={`axis-grating-${side}`}
      />
      <Typography component="figcaption" variant="h6">
        {side === 'left' ? 'Left' : 'Right'}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', gap: 4, justifyContent: 'center', flexWrap: 'wrap' }}>
      {image('left', leftDeg)}
      {image('right', rightDeg)}
    </Box>
  );
}

export interface RotatingLetterDisplayProps {
  /** Degrees counter-clockwise on screen: 0, 90, 180 or 270 (the buttons of SPEC.md §2). */
  readonly rotation: number;
  /** Letter height in CSS px; default 160. */
  readonly heightPx?: number;
  /** Fraction shown at the top right (e.g. the current Snellen level '6/9.5'). */
  readonly fraction?: string;
}

/**
 * Astigmatism Axis rotating letter display (SPEC.md §2): a letter turned to one of the four right angles,
 * with the fraction readout fixed at the top right of the display.
 */
export function RotatingLetterDisplay({ rotation, heightPx = 160, fraction }: RotatingLetterDisplayProps) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-block', p: 4 }}>
      {fraction !== undefined && (
        <Typography
          data-testid="rotating-letter-fraction"
          variant="h6"
          sx={{ position: 'absolute', top: 0, right: 0 }}
        >
          {fraction}
        </Typography>
      )}
      <svg
        role="img"
        aria-label={`Letter turned ${rotation}°`}
        width={heightPx}
        height={heightPx}
        viewBox="0 0 5 5"
        shapeRendering="crispEdges"
      >
        <path
          d={optotypePathData(TUMBLING_E_SHAPE)}
          // The frame's text colour: white on the Axis screen's black, black on a light theme (it was
          // black on black, so no letter showed).
          fill="currentColor"
          transform={optotypeRotationTransform(rotation)}
          style={{ transition: 'transform 300ms ease' }}
        />
      </svg>
    </Box>
  );
}
