import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { answerAxis, axisResult, startAxisSearch, type AxisAnswer, type AxisState } from './astigmatism-axis';
import { isGratingAnswerCorrect, padGratingValue } from './astigmatism-power';

const answers = (list: AxisAnswer[], start = startAxisSearch()): AxisState => list.reduce(answerAxis, start);

describe('Astigmatism Axis (SPEC.md §4 "Astigmatism Axis")', () => {
  it('ends after two consecutive confirmations; keeps first and second response keys', () => {
    const s = answers(['left', 'left', 'same', 'same']);
    expect(s).toMatchObject({ endpoint: 70, endReason: 'confirmed' });
    expect(axisResult(s)).toEqual({ endpoint: 70, firstResponseKey: 'left', secondResponseKey: 'left' });
  });
  it('one confirmation is not enough', () => expect(answers(['same', 'left', 'same']).endpoint).toBeNull());
  it('ends at 15 responses (SPEC.md §9)', () => {
    const s = answers(Array.from({ length: 15 }, (): AxisAnswer => 'right'));
    expect(s).toMatchObject({ endReason: 'max-responses', endpoint: 60 });
  });
  it('ends on a repeated left/right pattern', () => {
    expect(answers(['left', 'right', 'left', 'right'])).toMatchObject({ endReason: 'pattern', endpoint: 90 });
  });
  it('rejects answers after the end and malformed answers', () => {
    expect(() => answerAxis(answers(['same', 'same']), 'left')).toThrow(CoreInputError);
    expect(() => answerAxis(startAxisSearch(), 'up' as AxisAnswer)).toThrow(CoreInputError);
    expect(() => axisResult(startAxisSearch())).toThrow(CoreInputError);
    expect(() => startAxisSearch(200)).toThrow(CoreInputError);
  });
});

describe('Astigmatism Power (SPEC.md §4 "Astigmatism Power", §5)', () => {
  it('an answer is correct when it matches the grating position', () => {
    expect(isGratingAnswerCorrect(2, 2)).toBe(true);
    expect(isGratingAnswerCorrect(1, 3)).toBe(false);
    expect(() => isGratingAnswerCorrect(4, 1)).toThrow(CoreInputError);
  });
  it('grating values 9 or less are zero-padded in image names', () => {
    expect(padGratingValue(9)).toBe('09');
    expect(padGratingValue(0)).toBe('00');
    expect(padGratingValue(10)).toBe('10');
    expect(() => padGratingValue(-1)).toThrow(CoreInputError);
  });
});
