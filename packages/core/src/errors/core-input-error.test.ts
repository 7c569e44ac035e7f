import { describe, expect, it } from 'vitest';
import { gratingLogMarRange } from '../astigmatism/grating-procedure';
import { encodePresbyopiaAnswer } from '../flow/controller-keys';
import { presbyopiaAdd } from '../presbyopia/presbyopia-add';
import { CoreInputError, requireInteger, requirePositive } from './core-input-error';

/** The error `run` throws (it must throw a CoreInputError). */
function thrown(run: () => unknown): CoreInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof CoreInputError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('CoreInputError kinds and facts (issue 20: a screen says them in its own words)', () => {
  it('the number checks say which check failed, with the bounds, the value and the field named', () => {
    expect(thrown(() => requireInteger(Number.NaN, 0, 9, 'n'))).toMatchObject({ kind: 'not-finite' });
    const range = thrown(() => requireInteger(12, 0, 9, 'n', 'age'));
    expect(range.kind).toBe('out-of-range');
    expect(range.facts).toEqual({ field: 'age', min: 0, max: 9, value: 12 });
    expect(range.message).toBe('n must be between 0 and 9, got 12');
    expect(thrown(() => requireInteger(2.5, 0, 9, 'n')).facts).toEqual({ min: 0, max: 9, value: 2.5 });
    expect(thrown(() => requirePositive(0, 'n'))).toMatchObject({
      kind: 'not-positive',
      facts: { value: 0 },
    });
    expect(new CoreInputError('x')).toMatchObject({ kind: 'invalid', facts: {} });
  });

  it('the presbyopia answer: a prescription off the grid, an age out of range or not whole', () => {
    const grid = thrown(() => encodePresbyopiaAnswer({ prescription: 1.1, distance: 'Below 1.6m' }));
    expect(grid).toMatchObject({ kind: 'prescription-off-grid', facts: { min: -20, max: 20, step: 0.25 } });
    expect(grid.message).toBe('prescription must be −20 … +20 D in 0.25 D steps');
    const age = thrown(() => presbyopiaAdd({ age: 150, distance: 'Below 1.6m', prescription: 0 }));
    expect(age).toMatchObject({
      kind: 'out-of-range',
      facts: { field: 'age', min: 0, max: 130, value: 150 },
    });
    expect(age.message).toBe('age (years) must be between 0 and 130, got 150');
    expect(thrown(() => presbyopiaAdd({ age: 50.5, distance: 'Below 1.6m', prescription: 0 }))).toMatchObject(
      {
        kind: 'not-integer',
        facts: { field: 'age', value: 50.5 },
      },
    );
  });

  it('a grating scale that does not fit the screen gives the finest and coarsest logMAR', () => {
    const error = thrown(() =>
      gratingLogMarRange({ pixelsPerDegree: 1, devicePixelRatio: 1, targetSizePx: 1 }),
    );
    expect(error.kind).toBe('grating-does-not-fit');
    expect(error.message).toBe(
      `no grating of the acuity scale can be drawn: finest ${error.facts.finest!.toFixed(2)}, coarsest ${error.facts.coarsest!.toFixed(2)} logMAR`,
    );
  });
});
