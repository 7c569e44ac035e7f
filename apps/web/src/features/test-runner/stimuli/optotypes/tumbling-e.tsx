import { crispStrokesExact, TUMBLING_E_SHAPE } from '@visus/core';
import { TEST_SYMBOL_LABEL } from './optotype-labels';
import { OptotypeSvg, type CrowdingOption } from './optotype-svg';

export interface TumblingEProps {
  /** Where the bars point: degrees counter-clockwise on screen, 0 = right (the letter E), 90 = up. */
  readonly rotation: number;
  /**
   * Height (= width) in CSS px: 5 strokes. Core `optotypeSize(logMAR, viewing, 'tumbling-e')` gives a
   * multiple of 5 device px, so every bar and gap is a whole number of device pixels.
   */
  readonly heightPx: number;
  readonly crowding?: CrowdingOption;
}

/**
 * Tumbling E. Axis-aligned at every allowed rotation, so it is drawn with crisp (unsmoothed) edges when its
 * strokes are whole device pixels (core `crispStrokesExact`): then each bar, gap and the spine is exactly
 * height / 5. Any other height or rotation is drawn anti-aliased, whose geometry is exact too; crisp edges
 * there would round each edge on its own and make bars and gaps 2 or 3 px for a 2.6 px stroke
 * (core optotype-size.ts "Snapping rules").
 */
export function TumblingE({ rotation, heightPx, crowding }: TumblingEProps) {
  const axisAligned = Number.isFinite(rotation) && rotation % 90 === 0;
  const crisp = axisAligned && crispStrokesExact(heightPx, window.devicePixelRatio || 1);
  return (
    <OptotypeSvg
      shape={TUMBLING_E_SHAPE}
      heightPx={heightPx}
      rotation={rotation}
      label={TEST_SYMBOL_LABEL}
      crowding={crowding}
      shapeRendering={crisp ? 'crispEdges' : 'geometricPrecision'}
      testId="optotype-tumbling-e"
    />
  );
}
