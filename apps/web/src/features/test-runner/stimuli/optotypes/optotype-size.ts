import { useMemo } from 'react';
import { optotypeRenderSize, type OptotypeRenderSize } from '@visus/core';
import type { ViewingGeometry } from '@/features/test-runner/panels/panel-types';

export type { OptotypeRenderSize };

/**
 * The true on-screen size of an optotype of `logMAR` for this viewer (core `optotypeRenderSize`):
 * h = d · tan(5′ · 10^L) in mm → CSS px via the calibration, snapped to whole device pixels.
 * `heightCssPx` is what the optotype components take as `heightPx`; `fits` is false when a stroke would be
 * thinner than one device pixel. Throws core's CoreInputError for impossible input.
 */
export function optotypeSize(logMAR: number, viewing: ViewingGeometry): OptotypeRenderSize {
  return optotypeRenderSize(logMAR, {
    pxPerMm: viewing.pxPerMm,
    distanceMm: viewing.distanceMm,
    devicePixelRatio: viewing.devicePixelRatio,
  });
}

/** {@link optotypeSize} memoised on its inputs, for components. */
export function useOptotypeSize(logMAR: number, viewing: ViewingGeometry): OptotypeRenderSize {
  const { pxPerMm, distanceMm, devicePixelRatio } = viewing;
  return useMemo(
    () => optotypeRenderSize(logMAR, { pxPerMm, distanceMm, devicePixelRatio }),
    [logMAR, pxPerMm, distanceMm, devicePixelRatio],
  );
}
