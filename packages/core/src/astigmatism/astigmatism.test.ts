import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  answerAxis,
  axisFinding,
  axisFindingOf,
  axisFindingText,
  axisResult,
  startAxisSearch,
  type AxisAnswer,
  type AxisState,
} from './astigmatism-axis';
import { isGratingAnswerCorrect, padGratingValue } from './astigmatism-power';

const answers = (list: AxisAnswer[], start = startAxisSearch()): AxisState => list.reduce(answerAxis, start);

describe('Astigmatism Axis (SPEC.md §4 "Astigmatism Axis")', () => {
  it('ends after two consecutive confirmations; keeps first and second response keys', () => {
    const s = answers(['left', 'left', 'same', 'same']);
    expect(s).toMatchObject({ endpoint: 70, endReason: 'confirmed' });
    expect(axisResult(s)).toEqual({
      endpoint: 70,
      firstResponseKey: 'left',
      secondResponseKey: 'left',
      finding: 'axis',
    });
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

describe('Astigmatism Axis finding (issue 17)', () => {
  it('same, same from the start: no astigmatism found, though the endpoint is the start (90°)', () => {
    const s = answers(['same', 'same']);
    expect(axisResult(s)).toEqual({
      endpoint: 90,
      firstResponseKey: 'same',
      secondResponseKey: 'same',
      finding: 'none-found',
    });
  });
  it('a side preferred, then confirmed: an axis', () => {
    expect(axisFinding(answers(['right', 'same', 'same']))).toBe('axis');
    // A change of mind before the confirmation is still a search that settled.
    expect(axisFinding(answers(['same', 'left', 'same', 'same']))).toBe('axis');
  });
  it('a left/right oscillation brackets an axis', () => {
    expect(axisFinding(answers(['left', 'right', 'left', 'right']))).toBe('axis');
  });
  it('a pattern mixing same with a side is two answers to one display: uncertain', () => {
    const s = answers(['same', 'left', 'same', 'left']);
    expect(s.endReason).toBe('pattern');
    expect(axisFinding(s)).toBe('uncertain');
    expect(axisFinding(answers(['left', 'same', 'left', 'same']))).toBe('uncertain');
  });
  it('the 15-response cut-off: uncertain', () => {
    const s = answers(Array.from({ length: 15 }, (): AxisAnswer => 'right'));
    expect(axisResult(s).finding).toBe('uncertain');
  });
  it('has no finding while running', () => {
    expect(() => axisFinding(answers(['left']))).toThrow(CoreInputError);
  });
  it('keeps a stored finding; derives none-found for an older same, same record; else not recorded', () => {
    const old = (first: AxisAnswer | null, second: AxisAnswer | null) => ({
      endpoint: 90,
      firstResponseKey: first,
      secondResponseKey: second,
    });
    expect(axisFindingOf({ ...old('same', 'same'), finding: 'uncertain' })).toBe('uncertain');
    expect(axisFindingOf(old('same', 'same'))).toBe('none-found');
    expect(axisFindingOf(old('left', 'same'))).toBe('not-recorded');
    expect(axisFindingOf(old('same', 'right'))).toBe('not-recorded');
    expect(axisFindingOf(old('left', 'left'))).toBe('not-recorded');
    expect(axisFindingOf(old(null, null))).toBe('not-recorded');
  });
  it('says each finding in plain words; only an axis names the endpoint as an axis', () => {
    const text = (finding: 'none-found' | 'axis' | 'uncertain' | undefined, endpoint = 40) =>
      axisFindingText({ endpoint, firstResponseKey: 'left', secondResponseKey: 'left', finding });
    expect(text('none-found', 90).title).toBe('No astigmatism found');
    expect(text('none-found', 90).meaning).toMatch(/90° is only where the test starts/);
    expect(text('axis').title).toBe('Axis about 40°');
    expect(text('axis', 92.46).title).toBe('Axis about 92.5°');
    expect(text('uncertain').title).toBe('Uncertain: no consistent axis');
    expect(text('uncertain').meaning).toMatch(/stopped at 40°/);
    expect(text(undefined)).toMatchObject({
      finding: 'not-recorded',
      title: 'Finding not recorded (search ended at 40°)',
    });
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
