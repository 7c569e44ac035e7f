import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  CANNOT_SEE_KEY,
  canonicalKey,
  CONTROLLER_KEYS,
  decodePresbyopiaAnswer,
  encodePresbyopiaAnswer,
  isKeyForTest,
  KEYBOARD_MAP,
  keyboardKey,
  offersCannotSee,
} from './controller-keys';
import { TEST_IDS } from './test-definitions';

describe('controller keys', () => {
  it('turns socket rotations into their canonical string form and refuses non-keys', () => {
    expect(canonicalKey(45)).toBe('45');
    expect(canonicalKey(-90)).toBe('270');
    expect(canonicalKey(360)).toBe('0');
    expect(canonicalKey(4.5)).toBeNull();
    expect(canonicalKey('A')).toBe('A');
    expect(canonicalKey('a b')).toBeNull();
    expect(canonicalKey({})).toBeNull();
  });

  it('accepts each test its own answers and the commands, nothing else', () => {
    expect(isKeyForTest('sloan', 'K')).toBe(true);
    expect(isKeyForTest('sloan', 'k')).toBe(true);
    expect(isKeyForTest('sloan', '45')).toBe(false);
    expect(isKeyForTest('landoltC', '45')).toBe(true);
    expect(isKeyForTest('tumblingE', '45')).toBe(false);
    expect(isKeyForTest('diamond', '4')).toBe(true);
    expect(isKeyForTest('astigPower', '4')).toBe(false);
    expect(isKeyForTest('presbyopia', 'rx_-325_1')).toBe(true);
    expect(isKeyForTest('presbyopia', 'red')).toBe(false);
    expect(isKeyForTest('duoChrome', 'same')).toBe(true);
    for (const test of TEST_IDS) {
      expect(isKeyForTest(test, 'continue')).toBe(true);
      expect(isKeyForTest(test, 'submit')).toBe(true);
      for (const key of CONTROLLER_KEYS[test].keys) expect(isKeyForTest(test, key)).toBe(true);
    }
  });

  it('maps the keyboard per test', () => {
    expect(keyboardKey('sloan', 'h')).toBe('H');
    expect(keyboardKey('landoltC', 'ArrowUp')).toBe('90');
    expect(keyboardKey('landoltC', '9')).toBe('45');
    expect(keyboardKey('tumblingE', '9')).toBeNull(); // 45° is not a Tumbling E orientation
    expect(keyboardKey('tumblingE', 'ArrowLeft')).toBe('180');
    expect(keyboardKey('duoChrome', 'G')).toBe('green');
    expect(keyboardKey('duoChrome', 'r')).toBe('red');
    expect(keyboardKey('duoChrome', 's')).toBe('same'); // both equally sharp (issue 17)
    expect(keyboardKey('duoChrome', 'x')).toBeNull();
    expect(keyboardKey('astigAxis', 'ArrowLeft')).toBe('left');
    // The rotating letter's turns on the keypad (docs/adr/0017); 9 (45°) is not one of them.
    expect(['6', '8', '4', '2', '9'].map((k) => keyboardKey('astigAxis', k))).toEqual([
      '0',
      '90',
      '180',
      '270',
      null,
    ]);
    expect(isKeyForTest('astigAxis', '270')).toBe(true);
    expect(isKeyForTest('astigAxis', '45')).toBe(false);
    expect(keyboardKey('spokeEllipse', ']')).toBe('clockwise');
    expect(keyboardKey('spokeCircle', ']')).toBeNull();
    expect(keyboardKey('diamond', 'Backspace')).toBe('back');
    expect(keyboardKey('sloan', 'Backspace')).toBeNull();
    expect(keyboardKey('presbyopia', ' ')).toBe('continue');
    expect(keyboardKey('sloan', 'Enter')).toBe('submit');
  });

  it('round-trips presbyopia answers and refuses values off the 0.25 D grid', () => {
    const answer = { prescription: -3.25, distance: 'Between 1.6m and 1.9m' } as const;
    expect(encodePresbyopiaAnswer(answer)).toBe('rx_-325_1');
    expect(decodePresbyopiaAnswer('rx_-325_1')).toEqual(answer);
    expect(decodePresbyopiaAnswer('rx_0_0')).toEqual({ prescription: 0, distance: 'Below 1.6m' });
    expect(decodePresbyopiaAnswer('rx_-310_1')).toBeNull();
    expect(decodePresbyopiaAnswer('rx_2025_1')).toBeNull();
    expect(decodePresbyopiaAnswer('rx_100_3')).toBeNull();
    expect(() => encodePresbyopiaAnswer({ prescription: 1.1, distance: 'Below 1.6m' })).toThrow(
      CoreInputError,
    );
  });
});

describe('"I can\'t see it" key (issue 20, ADR 0024)', () => {
  it('is taken by the letter and optotype charts only', () => {
    for (const test of TEST_IDS) {
      const chart = test === 'sloan' || test === 'landoltC' || test === 'tumblingE';
      expect(offersCannotSee(test)).toBe(chart);
      expect(isKeyForTest(test, CANNOT_SEE_KEY)).toBe(chart);
    }
    // The word is a valid socket key (contracts' keySchema pattern) and not a key of any pad.
    expect(canonicalKey(CANNOT_SEE_KEY)).toBe(CANNOT_SEE_KEY);
    for (const test of TEST_IDS) expect(CONTROLLER_KEYS[test].keys).not.toContain(CANNOT_SEE_KEY);
  });

  it('is 0 or ? on the keyboard for those charts, nothing elsewhere', () => {
    for (const test of ['sloan', 'landoltC', 'tumblingE'] as const) {
      expect(keyboardKey(test, '0')).toBe(CANNOT_SEE_KEY);
      expect(keyboardKey(test, '?')).toBe(CANNOT_SEE_KEY);
    }
    expect(keyboardKey('diamond', '0')).toBeNull();
    expect(keyboardKey('astigAxis', '?')).toBeNull();
    expect(keyboardKey('astigPower', '0')).toBeNull();
    // The keypad's other digits stay directions.
    expect(keyboardKey('landoltC', '8')).toBe('90');
  });

  it('is listed on the keyboard map of the charts', () => {
    const charts = KEYBOARD_MAP.filter((row) => /Sloan|Landolt|Tumbling/.test(row.tests));
    expect(charts).toHaveLength(2);
    for (const row of charts) expect(row.keys).toMatch(/0 or \? if you can't see it/);
  });
});
