import { useTheme } from '@mui/material/styles';
import { optotypePathData, SLOAN_SHAPES } from '@visus/core';

export interface DuochromeBoxesProps {
  /** Height (= width) of each box in CSS px. */
  readonly heightPx: number;
}

/** Letters in each box (Sloan shapes, never a font), left to right. */
const LETTERS = ['D', 'K', 'S'] as const;
const LETTER_PATHS = LETTERS.map((l) => optotypePathData(SLOAN_SHAPES[l]));

/**
 * DuoChrome (SPEC.md §2): two boxes side by side, the first in the theme's error colour (red), the last in
 * its success colour (green), each with the same black rings and letters. Through a myopic
 * (under-corrected) eye the red half looks sharper, through a hyperopic one the green half.
 */
export function DuochromeBoxes({ heightPx }: DuochromeBoxesProps) {
  const theme = useTheme();
  if (!(heightPx > 0) || !Number.isFinite(heightPx))
    throw new RangeError(`box height must be a positive number of px, got ${heightPx}`);
  const boxes = [
    { name: 'red', colour: theme.palette.error.main },
    { name: 'green', colour: theme.palette.success.main },
  ] as const;
  return (
    <div role="group" aria-label="Red and green boxes" style={{ display: 'flex', gap: 0, lineHeight: 0 }}>
      {boxes.map((box) => (
        <svg
          key={box.name}
          role="img"
          aria-label={`${box.name === 'red' ? 'Red' : 'Green'} box with black rings and letters`}
          data-testid={`duochrome-${box.name}`}
          width={heightPx}
          height={heightPx}
          viewBox="0 0 100 100"
          shapeRendering="geometricPrecision"
        >
          <rect width="100" height="100" fill={box.colour} />
          <g fill="none" stroke="#000" strokeWidth="3.5">
            <circle cx="50" cy="33" r="22" />
            <circle cx="50" cy="33" r="12" />
          </g>
          <circle cx="50" cy="33" r="3" fill="#000" />
          {LETTER_PATHS.map((d, i) => (
            // Letters 16 units tall with a letter's width between them (Bailey–Lovie spacing).
            <path key={i} d={d} fill="#000" transform={`translate(${18 + i * 24} 66) scale(3.2)`} />
          ))}
        </svg>
      ))}
    </div>
  );
}
