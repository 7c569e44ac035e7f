import { TUMBLING_E_SHAPE } from '@visus/core';
import { OptotypeSvg, type CrowdingOption } from './optotype-svg';

export interface TumblingEProps {
  /** Where the bars point: degrees counter-clockwise on screen, 0 = right (the letter E), 90 = up. */
  readonly rotation: number;
  /** Height (= width) in CSS px: 5 strokes. */
  readonly heightPx: number;
  readonly crowding?: CrowdingOption;
}

/** Tumbling E. Axis-aligned at every allowed rotation, so it is drawn with crisp (unsmoothed) edges. */
export function TumblingE({ rotation, heightPx, crowding }: TumblingEProps) {
  const axisAligned = Number.isFinite(rotation) && rotation % 90 === 0;
  return (
    <OptotypeSvg
      shape={TUMBLING_E_SHAPE}
      heightPx={heightPx}
      rotation={rotation}
      label="Tumbling E"
      crowding={crowding}
      shapeRendering={axisAligned ? 'crispEdges' : 'geometricPrecision'}
      testId="optotype-tumbling-e"
    />
  );
}
