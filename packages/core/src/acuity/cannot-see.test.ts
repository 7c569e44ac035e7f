import { describe, expect, it } from 'vitest';
import { createSeededRng } from '../random/rng';
import { CANNOT_SEE_ANSWER } from './cannot-see';
import { ACUITY_OPTOTYPES, canonicalResponse, type AcuityOptotype } from './optotypes';
import { createAcuityEngine, createAcuityProcedure, VISUS_PROCEDURE } from './procedure';

/** A wrong answer that is a real letter or rotation, to compare "I can't see it" with. */
function wrongOf(optotype: AcuityOptotype, shown: string | number): string | number {
  if (optotype === 'sloan') return shown === 'C' ? 'D' : 'C';
  return (shown as number) + (optotype === 'landolt-c' ? 45 : 90);
}

describe('"I can\'t see it" (issue 20, ADR 0024)', () => {
  it.each(ACUITY_OPTOTYPES)('is a valid %s response that matches no stimulus', (optotype) => {
    expect(canonicalResponse(optotype, CANNOT_SEE_ANSWER)).toBe(CANNOT_SEE_ANSWER);
    // Near misses are still refused: only the exact word is the answer.
    expect(() => canonicalResponse(optotype, 'Cannot-See')).toThrow();
    expect(() => canonicalResponse(optotype, 'cannot see')).toThrow();
  });

  it.each(ACUITY_OPTOTYPES)('is scored as a wrong answer by the %s procedure', (optotype) => {
    const procedure = createAcuityProcedure({ optotype, rng: createSeededRng(7) });
    procedure.next();
    expect(procedure.answer(CANNOT_SEE_ANSWER)).toBe(false);
    expect(procedure.trials).toEqual([{ level: procedure.trials[0]!.level, correct: false }]);
  });

  it.each(ACUITY_OPTOTYPES)(
    'moves the %s staircase exactly as a wrong letter or rotation would (same posterior, same next level)',
    (optotype) => {
      // Two engines with the same seed: one answers "can't see", the other a real wrong answer, for every
      // trial. A run of wrong answers climbs to larger letters; both must show the same levels throughout
      // and end with the same estimate.
      const cannotSee = createAcuityEngine({ optotype, rng: createSeededRng(3) }, VISUS_PROCEDURE);
      const wrong = createAcuityEngine({ optotype, rng: createSeededRng(3) }, VISUS_PROCEDURE);
      for (let i = 0; i < 12 && !cannotSee.finished; i++) {
        cannotSee.next();
        const shown = wrong.next()!;
        cannotSee.answer(CANNOT_SEE_ANSWER);
        wrong.answer(wrongOf(optotype, shown.optotype));
      }
      expect(cannotSee.levelsShown).toEqual(wrong.levelsShown);
      expect(cannotSee.levelCounts).toEqual(wrong.levelCounts);
      expect(cannotSee.result()).toEqual(wrong.result());
      // And the levels went up (larger letters): wrong answers mean worse acuity.
      expect(cannotSee.levelsShown.at(-1)!).toBeGreaterThan(cannotSee.levelsShown[0]!);
    },
  );
});
