import { axisFindingText, type AxisResult } from '../astigmatism/astigmatism-axis';
import { duochromeMeaning } from '../duochrome/duochrome';
import type { TestId } from '../flow/test-definitions';
import { acuityMeasure } from './acuity-measure';
import { isAcuityTest } from './summary';

/*
 * What one eye's outcome means, in the same words for the result page, CSV, JSON and FHIR (issue 17 "every
 * test's outcome says what the answers mean"). The decisions are the tests' own (astigmatism-axis.ts
 * axisFinding, duochrome.ts duochromeBalance, acuity-measure.ts); this only gathers them per test.
 */

/** An eye's outcome: a stable code (for spreadsheets), a headline and a sentence on what it means. */
export interface EyeOutcome {
  /** e.g. 'none-found', 'axis', 'uncertain', 'not-recorded' (axis); 'red', 'balanced' (duochrome). */
  code: string;
  /** e.g. "No astigmatism found", "Axis about 40°", "Red side sharper". */
  title: string;
  meaning: string;
}

/**
 * The outcome of one eye's stored value for the tests that have one in words (Astigmatism Axis, DuoChrome,
 * Astigmatism Power's grating acuity); null for the others.
 */
export function eyeOutcome(test: TestId, value: unknown): EyeOutcome | null {
  switch (test) {
    case 'astigAxis': {
      const { finding, title, meaning } = axisFindingText(value as AxisResult);
      return { code: finding, title, meaning };
    }
    case 'duoChrome': {
      const { balance, title, meaning } = duochromeMeaning(value as readonly string[]);
      return { code: balance, title, meaning };
    }
    default: {
      const description = isAcuityTest(test) ? acuityMeasure(test).description : null;
      return description === null
        ? null
        : { code: 'grating-acuity', title: 'Grating acuity (logMAR)', meaning: description };
    }
  }
}
