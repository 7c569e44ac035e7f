import { LANDOLT_C_SHAPE } from '@visus/core';
import { TEST_SYMBOL_LABEL } from './optotype-labels';
import { OptotypeSvg, type CrowdingOption } from './optotype-svg';

export interface LandoltCProps {
  /** Where the gap points: degrees counter-clockwise on screen, 0 = right, 90 = up (multiples of 45). */
  readonly rotation: number;
  /** Outer diameter in CSS px (5 strokes; the gap and stroke are a fifth of it). */
  readonly heightPx: number;
  readonly crowding?: CrowdingOption;
}

/** Landolt C (ISO 8596). Its accessible name is neutral: it does not give the gap's direction away. */
export function LandoltC({ rotation, heightPx, crowding }: LandoltCProps) {
  return (
    <OptotypeSvg
      shape={LANDOLT_C_SHAPE}
      heightPx={heightPx}
      rotation={rotation}
      label={TEST_SYMBOL_LABEL}
      crowding={crowding}
      shapeRendering="geometricPrecision"
      testId="optotype-landolt-c"
    />
  );
}
