import { sloanShape, type SloanShapeLetter } from '@visus/core';
import { TEST_LETTER_LABEL } from './optotype-labels';
import { OptotypeSvg, type CrowdingOption } from './optotype-svg';

export interface SloanLetterProps {
  /** One of the Sloan letters C D H K N O R S V Z. */
  readonly letter: SloanShapeLetter | string;
  /** Letter height (= width) in CSS px: 5 strokes. */
  readonly heightPx: number;
  readonly crowding?: CrowdingOption;
}

/** A Sloan letter drawn as its vector shape on the 5 × 5 stroke grid (never a font). */
export function SloanLetter({ letter, heightPx, crowding }: SloanLetterProps) {
  return (
    <OptotypeSvg
      shape={sloanShape(letter)}
      heightPx={heightPx}
      label={TEST_LETTER_LABEL}
      crowding={crowding}
      shapeRendering="geometricPrecision"
      testId="optotype-sloan"
    />
  );
}
