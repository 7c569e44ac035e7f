import { useCallback } from 'react';
import {
  fillGrating,
  fillGratingChoicePatch,
  gratingPeriodPx,
  gratingResolvable,
  resolveGratingSpec,
  fillUniform,
  type GratingChoicePatch,
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
  /**
   * One patch of a "which patch holds the lines" choice (core `fillGratingChoicePatch`): 'grating' draws the
   * grating, 'blank' a uniform patch emitting the grating's drawn mean luminance under `gamma`, 'light' its
   * peak. Every patch of the choice gets the same grating props, so the blanks match the grating shown.
   * Without it the patch is a plain grating.
   */
  readonly patch?: GratingChoicePatch;
  /** The patch's luminance jitter factor (core `drawLuminanceJitter`); default 1. */
  readonly luminanceFactor?: number;
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
  patch,
  luminanceFactor = 1,
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
      const spec = { periodPx, orientationDeg, contrast, gamma, meanLuminance, phaseRad, shape };
      // An unresolvable grating would alias: its patch shows the blank (its drawn mean) instead.
      if (patch)
        fillGratingChoicePatch(
          buffer,
          width,
          height,
          spec,
          patch === 'grating' && !resolvable ? 'blank' : patch,
          luminanceFactor,
        );
      else if (resolvable) fillGrating(buffer, width, height, spec);
      else fillUniform(buffer, width, height, meanLuminance, gamma);
    },
    [
      resolvable,
      periodPx,
      orientationDeg,
      contrast,
      gamma,
      meanLuminance,
      phaseRad,
      shape,
      patch,
      luminanceFactor,
    ],
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
