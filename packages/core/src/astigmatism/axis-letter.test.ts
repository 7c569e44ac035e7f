import { describe, expect, it } from 'vitest';
import { AXIS_LETTER_TURN_KEYS } from '../flow/controller-keys';
import { AXIS_FALLBACK_ACUITY } from './acuity-fallback';
import { answerAxis, axisFinding, axisFindingText, axisResult, startAxisSearch } from './astigmatism-axis';
import {
  answerAxisLetter,
  axisLetterCompared,
  axisLetterLogMar,
  axisStartFromLetter,
  isAxisLetterRotationKey,
  knownAcuityLogMar,
  letterBarMeridian,
  startAxisLetter,
  turnAxisLetter,
} from './axis-letter';

const WIDE = { smallest: -0.2, largest: 1.8 };

describe('the rotating letter of Astigmatism Axis (SPEC.md §2, docs/adr/0017)', () => {
  it('turns to the four buttons only, remembering which turns were shown', () => {
    let s = startAxisLetter();
    expect(s).toEqual({ rotation: 0, shown: [0], choice: null });
    s = turnAxisLetter(s, 180);
    s = turnAxisLetter(s, 0);
    expect(s.shown).toEqual([0, 180]);
    expect(() => turnAxisLetter(s, 45)).toThrow(/0, 90, 180 or 270/);
    expect(['0', '90', '180', '270'].every(isAxisLetterRotationKey)).toBe(true);
    expect(isAxisLetterRotationKey('45')).toBe(false);
    // The phone's pad sends exactly these (controller-keys keeps its own copy for the phone's light page).
    expect(AXIS_LETTER_TURN_KEYS).toEqual(['0', '90', '180', '270']);
  });

  it('the bars run horizontal at 0° and 180°, vertical at 90° and 270°', () => {
    expect([0, 90, 180, 270].map((r) => letterBarMeridian(r as 0))).toEqual([
      'horizontal',
      'vertical',
      'horizontal',
      'vertical',
    ]);
  });

  it('chooses the sharpest turn only after both meridians were shown; same means no difference', () => {
    const onlyHorizontal = turnAxisLetter(startAxisLetter(), 180);
    expect(axisLetterCompared(onlyHorizontal)).toBe(false);
    expect(() => answerAxisLetter(onlyHorizontal, 'submit')).toThrow(/both ways/);
    const compared = turnAxisLetter(turnAxisLetter(onlyHorizontal, 270), 90);
    expect(answerAxisLetter(compared, 'submit').choice).toBe('vertical');
    expect(answerAxisLetter(turnAxisLetter(compared, 0), 'submit').choice).toBe('horizontal');
    expect(answerAxisLetter(startAxisLetter(), 'same').choice).toBe('none');
    expect(() => answerAxisLetter(answerAxisLetter(compared, 'submit'), 'same')).toThrow(/answered/);
  });

  it('starts the image pair on the sharper meridian: 180 horizontal, 90 vertical or no difference', () => {
    expect(axisStartFromLetter('horizontal')).toBe(180);
    expect(axisStartFromLetter('vertical')).toBe(90);
    expect(axisStartFromLetter('none')).toBe(90);
  });

  it('a letter that found a meridian makes same, same at the start an axis, not "none found"', () => {
    let withLetter = startAxisSearch(180, 'horizontal');
    withLetter = answerAxis(answerAxis(withLetter, 'same'), 'same');
    expect(axisFinding(withLetter)).toBe('axis');
    const stored = axisResult(withLetter);
    expect(stored).toMatchObject({ endpoint: 180, finding: 'axis', letter: 'horizontal' });
    expect(axisFindingText(stored).meaning).toMatch(/bars horizontal/);

    let noDifference = startAxisSearch(90, 'none');
    noDifference = answerAxis(answerAxis(noDifference, 'same'), 'same');
    expect(axisFinding(noDifference)).toBe('none-found');
    expect(axisFindingText(axisResult(noDifference)).meaning).toMatch(/letter looked the same/);
  });

  it('a record without the letter (stored before it) keeps its old reading', () => {
    const old = axisResult(answerAxis(answerAxis(startAxisSearch(), 'same'), 'same'));
    expect(old).not.toHaveProperty('letter');
    expect(old.finding).toBe('none-found');
    expect(axisFindingText(old).meaning).toMatch(/at right angles/);
  });

  it('names the facts each sentence is made of (issue 20: other languages compose from them)', () => {
    const facts = (answers: ('same' | 'left' | 'right')[], letter?: 'horizontal' | 'vertical' | 'none') =>
      axisFindingText(axisResult(answers.reduce(answerAxis, startAxisSearch(90, letter)))).facts;
    expect(facts(['same', 'same'], 'horizontal')).toEqual({
      meaning: 'axis-letter',
      endpointDegrees: 90,
      letter: 'horizontal',
      stepDegrees: 10,
    });
    expect(facts(['same', 'same'], 'none').meaning).toBe('none-found-no-letter');
    expect(facts(['same', 'same'])).toMatchObject({ meaning: 'none-found', letter: null });
    expect(facts(['left', 'same', 'same'])).toMatchObject({ meaning: 'axis-search', endpointDegrees: 80 });
    expect(facts(['left', 'right', 'left', 'right']).meaning).toBe('axis-search');
    expect(facts(Array.from({ length: 15 }, () => 'right' as const)).meaning).toBe('uncertain');
    const old = { endpoint: 41.26, firstResponseKey: 'left' as const, secondResponseKey: 'same' as const };
    expect(axisFindingText(old).facts).toMatchObject({ meaning: 'not-recorded', endpointDegrees: 41.3 });
  });
});

describe('the letter size: known acuity, else the SPEC.md §9 fallback 6/9.5 (issue 23 item 3)', () => {
  it('without a known acuity it is 6/9.5, logMAR 0.2', () => {
    expect(axisLetterLogMar(null, WIDE)).toBe(AXIS_FALLBACK_ACUITY.logMAR);
    expect(axisLetterLogMar(undefined, WIDE)).toBe(0.2);
  });

  it("with one it is the person's, kept within what the screen can draw", () => {
    expect(axisLetterLogMar(0.5, WIDE)).toBe(0.5);
    expect(axisLetterLogMar(-0.2, { smallest: 0.1, largest: 1 })).toBe(0.1);
    expect(axisLetterLogMar(null, { smallest: 0.4, largest: 1 })).toBe(0.4);
  });

  it("finds this battery's acuity for the eye; bare numbers and other eyes do not count", () => {
    expect(knownAcuityLogMar({}, 'right')).toBeNull();
    const sloan = { va: 0.8, rounds: 20, loopLength: 30, logMAR: 0.1 };
    expect(knownAcuityLogMar({ sloan: { right: sloan } }, 'right')).toBe(0.1);
    expect(knownAcuityLogMar({ sloan: { right: sloan } }, 'left')).toBeNull();
    expect(knownAcuityLogMar({ tumblingE: { left: 0.3 } }, 'left')).toBeNull();
    const bound = { ...sloan, logMAR: 0, censored: 'better-than' as const, bound: 0.3 };
    expect(knownAcuityLogMar({ landoltC: { left: bound } }, 'left')).toBe(0.3);
  });
});
