import { useCallback } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { fillSpokeWheel, spokeWheel, SPOKE_CANVAS } from '@visus/core';
import { currentDevicePixelRatio, PixelCanvas } from './pixel-canvas';

/** Box side in CSS px by viewport width (SPEC.md §2, §9): 400, 300 up to 1060 px, 250 up to 880 px. */
export const SPOKE_BOX_PX = { wide: 400, medium: 300, narrow: 250 } as const;

/** The spoke box side for the current viewport width (SPEC.md §9 "image box"). */
export function useSpokeBoxPx(): number {
  const narrow = useMediaQuery('(max-width:880px)');
  const medium = useMediaQuery('(max-width:1060px)');
  return narrow ? SPOKE_BOX_PX.narrow : medium ? SPOKE_BOX_PX.medium : SPOKE_BOX_PX.wide;
}

/** Length of the ellipse's long axis in canvas units (the circle's starting diameter, 200). */
export const ELLIPSE_LENGTH = 200;
const OUTLINE_COLOUR = '#d32f2f';
const OUTLINE_WIDTH = 4; // canvas units

export interface SpokeTargetProps {
  readonly variant: 'circle' | 'ellipse';
  /** Box side in CSS px ({@link useSpokeBoxPx}). */
  readonly boxPx: number;
  /** Which of the three wheels (core `spokeBackgroundIndex(round)`). */
  readonly backgroundIndex: 0 | 1 | 2 | number;
  /** Circle diameter in canvas units of the 400 × 400 box (core Spoke Circle size). */
  readonly circleSize?: number;
  /** Ellipse width (short axis) in canvas units, 35 … 200 (core Spoke Ellipse). */
  readonly ellipseWidth?: number;
  /** Direction of the ellipse's long axis, degrees counter-clockwise from horizontal (90 = upright). */
  readonly rotation?: number;
  /** Display gamma for the wheel's anti-aliased edges; default 1. */
  readonly gamma?: number;
  readonly devicePixelRatio?: number;
}

/**
 * Spoke Circle / Spoke Ellipse (SPEC.md §2): a circle or ellipse outline over a procedural spoke wheel
 * (core `fillSpokeWheel`) in a square box of 400 canvas units drawn `boxPx` CSS px wide.
 */
export function SpokeTarget({
  variant,
  boxPx,
  backgroundIndex,
  circleSize = 200,
  ellipseWidth = ELLIPSE_LENGTH / 3,
  rotation = 90,
  gamma = 1,
  devicePixelRatio,
}: SpokeTargetProps) {
  const dpr = devicePixelRatio ?? currentDevicePixelRatio();
  const wheel = spokeWheel(backgroundIndex);
  const paint = useCallback(
    (buffer: Uint8ClampedArray, width: number) => fillSpokeWheel(buffer, width, backgroundIndex, { gamma }),
    [backgroundIndex, gamma],
  );
  const half = SPOKE_CANVAS / 2;
  const label =
    variant === 'circle'
      ? `Circle of size ${Math.round(circleSize)} over a wheel of ${wheel.spokes} spokes`
      : `Ellipse ${Math.round(ellipseWidth)} wide at ${Math.round(rotation)}° over a wheel of ${wheel.spokes} spokes`;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="spoke-target"
      data-background={backgroundIndex}
      style={{ position: 'relative', width: `${boxPx}px`, height: `${boxPx}px` }}
    >
      <PixelCanvas sizePx={boxPx} devicePixelRatio={dpr} paint={paint} label="spoke wheel" />
      <svg
        aria-hidden="true"
        width={boxPx}
        height={boxPx}
        viewBox={`0 0 ${SPOKE_CANVAS} ${SPOKE_CANVAS}`}
        style={{ position: 'absolute', inset: 0 }}
      >
        {variant === 'circle' ? (
          <circle
            data-testid="spoke-outline"
            cx={half}
            cy={half}
            r={Math.max(0, circleSize / 2)}
            fill="none"
            stroke={OUTLINE_COLOUR}
            strokeWidth={OUTLINE_WIDTH}
          />
        ) : (
          <ellipse
            data-testid="spoke-outline"
            cx={half}
            cy={half}
            rx={Math.max(0, ellipseWidth / 2)}
            ry={ELLIPSE_LENGTH / 2}
            // Drawn upright (long axis vertical = 90°); turning by (rotation − 90) counter-clockwise on
            // screen is SVG rotate(90 − rotation) because y points down.
            transform={`rotate(${90 - rotation} ${half} ${half})`}
            fill="none"
            stroke={OUTLINE_COLOUR}
            strokeWidth={OUTLINE_WIDTH}
          />
        )}
      </svg>
    </div>
  );
}
