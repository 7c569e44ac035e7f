import { useCallback } from 'react';
import {
  fillGrating,
  gratingPeriodPx,
  gratingResolvable,
  resolveGratingSpec,
  fillUniform,
} from '@visus/core';
import { currentDevicePixelRatio, PixelCanvas } from './pixel-canvas';

export interface SineGratingProps {
  /** Side of the patch in CSS px. */
  readonly sizePx: number;
  /** Spatial frequency, cycles per degree of visual angle. */
  readonly cyclesPerDegree: number;
  /** CSS px per degree at the viewing distance (core `pixelsPerDegree`). */
  readonly pixelsPerDegree: number;
  /** Bar orientation, degrees counter-clockwise on screen: 0 = horizontal bars, 90 = vertical bars. */
  readonly orientationDeg: number;
  /** Michelson contrast as a fraction, 0 … 1 (Diamond's "20" is 0.2 here). */
  readonly contrast: number;
  /** Display gamma from Calibrate Colour. */
  readonly gamma: number;
  /** 'circle' shows a round patch on the mean grey; default 'square'. */
  readonly shape?: 'circle' | 'square';
  /** Mean luminance as a fraction of white; default 0.5. */
  readonly meanLuminance?: number;
  /** Phase at the centre, radians; default 0. */
  readonly phaseRad?: number;
  /** Overrides `window.devicePixelRatio` (tests, previews). */
  readonly devicePixelRatio?: number;
  readonly testId?: string;
}

/**
 * A gamma-corrected sine grating generated on canvas (core `fillGrating`), one canvas pixel per device
 * pixel. When the period is under 2 device pixels the grating cannot be drawn without aliasing; the patch
 * is then the uniform mean grey a perfect display would show, and `data-resolvable` is "false".
 * Bad numbers throw core's CoreInputError while rendering.
 */
export function SineGrating({
  sizePx,
  cyclesPerDegree,
  pixelsPerDegree,
  orientationDeg,
  contrast,
  gamma,
  shape = 'square',
  meanLuminance = 0.5,
  phaseRad = 0,
  devicePixelRatio,
  testId = 'sine-grating',
}: SineGratingProps) {
  const dpr = devicePixelRatio ?? currentDevicePixelRatio();
  const periodPx = gratingPeriodPx(pixelsPerDegree * dpr, cyclesPerDegree);
  const resolvable = gratingResolvable(periodPx);
  // Checks every number now, so a bad prop fails the render instead of a paint effect.
  resolveGratingSpec({ periodPx, orientationDeg, contrast, gamma, meanLuminance, phaseRad, shape });
  const paint = useCallback(
    (buffer: Uint8ClampedArray, width: number, height: number) => {
      if (resolvable)
        fillGrating(buffer, width, height, {
          periodPx,
          orientationDeg,
          contrast,
          gamma,
          meanLuminance,
          phaseRad,
          shape,
        });
      else fillUniform(buffer, width, height, meanLuminance, gamma);
    },
    [resolvable, periodPx, orientationDeg, contrast, gamma, meanLuminance, phaseRad, shape],
  );
  return (
    <span data-resolvable={String(resolvable)} style={{ display: 'inline-block', lineHeight: 0 }}>
      <PixelCanvas
        sizePx={sizePx}
        devicePixelRatio={dpr}
        paint={paint}
        label="grating"
        testId={testId}
        round={shape === 'circle'}
      />
    </span>
  );
}
