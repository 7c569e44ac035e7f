import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import {
  crowdedExtent,
  crowdingBars,
  CROWDING_GAP_STROKES,
  optotypePathData,
  optotypeRotationTransform,
  type OptotypeShape,
} from '@visus/core';

/** Crowding: `true` for bars {@link CROWDING_GAP_STROKES} stroke away, or an explicit gap in strokes. */
export type CrowdingOption = boolean | { readonly gapStrokes: number };

export interface OptotypeSvgProps {
  readonly shape: OptotypeShape;
  /** Height (= width) of the optotype's 5 × 5 cell in CSS px; core `optotypeSize` gives a true size. */
  readonly heightPx: number;
  /** Degrees counter-clockwise on screen (0 = opening right, 90 = up). */
  readonly rotation?: number;
  readonly label: string;
  /** Crowding bars around the optotype (see {@link CrowdingOption}); off by default. */
  readonly crowding?: CrowdingOption;
  /** 'crispEdges' for axis-aligned shapes (Tumbling E), 'geometricPrecision' for curves and diagonals. */
  readonly shapeRendering: 'crispEdges' | 'geometricPrecision';
  readonly testId?: string;
}

function crowdingGap(crowding: CrowdingOption | undefined): number | null {
  if (crowding === undefined || crowding === false) return null;
  return crowding === true ? CROWDING_GAP_STROKES : crowding.gapStrokes;
}

/**
 * Offset (CSS px) that moves the element's top-left corner onto a whole CSS pixel, which at the usual
 * devicePixelRatios (1, 2, 3) is also a whole device pixel. Measured in Chromium: an inline SVG's content
 * is placed at its offset rounded to whole CSS px while its clip box is snapped to device px, so an SVG at
 * x.5 CSS px on a 2× screen loses its last device-pixel row. It is applied as a relative *layout* offset,
 * not a transform, for the same reason.
 */
function useDevicePixelSnap() {
  const anchor = useRef<HTMLSpanElement>(null);
  const [shift, setShift] = useState({ x: 0, y: 0 });
  useLayoutEffect(() => {
    const measure = () => {
      const el = anchor.current;
      if (!el) return;
      const rect = el.getBoundingClientRect();
      const snap = (v: number) => Math.round(v) - v;
      const next = { x: snap(rect.left), y: snap(rect.top) };
      setShift((s) => (Math.abs(s.x - next.x) < 1e-6 && Math.abs(s.y - next.y) < 1e-6 ? s : next));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return { anchor, shift };
}

/**
 * One optotype as inline SVG: black (#000) on the page background, exactly `heightPx` CSS px square
 * (plus the crowding bars when asked for), drawn from core's vector outline in grid units. The browser
 * measurement (e2e/optotypes-are-drawn-at-true-size.spec.ts) checks the drawn size in screenshots.
 */
export function OptotypeSvg({
  shape,
  heightPx,
  rotation = 0,
  label,
  crowding,
  shapeRendering,
  testId,
}: OptotypeSvgProps) {
  const { anchor, shift } = useDevicePixelSnap();
  if (!(heightPx > 0) || !Number.isFinite(heightPx)) {
    throw new RangeError(`optotype height must be a positive number of px, got ${heightPx}`);
  }
  const gap = crowdingGap(crowding);
  const { margin, side } = crowdedExtent(gap); // strokes: the cell plus the gap and a bar on each side
  const unitPx = heightPx / 5;
  const sidePx = unitPx * side;
  const wrapper: CSSProperties = {
    display: 'inline-block',
    width: `${sidePx}px`,
    height: `${sidePx}px`,
    lineHeight: 0,
    verticalAlign: 'middle',
  };
  return (
    <span ref={anchor} style={wrapper}>
      <svg
        role="img"
        aria-label={label}
        data-testid={testId}
        data-height-px={heightPx}
        width={sidePx}
        height={sidePx}
        viewBox={`${-margin} ${-margin} ${side} ${side}`}
        shapeRendering={shapeRendering}
        // The height is a whole number of device pixels (core optotypeSize); with the corner on a
        // device pixel every edge of the 5 × 5 cell falls on a pixel edge.
        style={{ display: 'block', position: 'relative', left: `${shift.x}px`, top: `${shift.y}px` }}
      >
        <path d={optotypePathData(shape)} fill="#000" transform={optotypeRotationTransform(rotation)} />
        {gap !== null &&
          crowdingBars(gap).map((bar, i) => (
            <rect
              key={i}
              data-testid="crowding-bar"
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              fill="#000"
            />
          ))}
      </svg>
    </span>
  );
}
