import { describe, expect, it } from 'vitest';
import { KEYBOARD_MAP, isHelpKey, keyboardKey } from './controller-keys';
import { stepHelp, TEST_TASKS } from './step-help';
import { TEST_IDS } from './test-definitions';

describe('stepHelp (SPEC.md §2: a help/info button on the test, choice and controller screens)', () => {
  it('says what a running test asks, with its keys on the display and its pad on the phone', () => {
    const display = stepHelp({ test: 'sloan', status: 'InTest', device: 'display' });
    expect(display.title).toBe('Help: Sloan');
    expect(display.place).toBe('Activity One');
    expect(display.asks).toBe(TEST_TASKS.sloan);
    expect(display.answer).toContain('Type the letter you see');
    expect(display.pause).toMatch(/no time limit/);
    expect(display.stop).toMatch(/leave this page/);

    const phone = stepHelp({ test: 'sloan', status: 'InTest', device: 'phone' });
    expect(phone.answer).toMatch(/Press the letter you see/);
    expect(phone.answer).toMatch(/I can’t see it/);
    expect(phone.stop).toMatch(/on your computer/);
  });

  it('follows the step within Astigmatism Axis and the method in its place', () => {
    const letter = stepHelp({ test: 'astigAxis', status: 'InTest', step: 'axis-letter', device: 'phone' });
    const pair = stepHelp({ test: 'astigAxis', status: 'InTest', step: 'axis-pair', device: 'phone' });
    expect(letter.asks).toMatch(/turn/i);
    expect(pair.asks).toMatch(/Two line patterns/);
    expect(letter.answer).not.toBe(pair.answer);
    expect(letter.place).toBe('Activity Three · Grating');
  });

  it('names the eye to cover and the countdown on the screens between eyes', () => {
    const ready = stepHelp({ test: 'landoltC', status: 'Ready', device: 'display' });
    expect(ready.asks).toMatch(/Cover your LEFT eye/);
    expect(ready.answer).toMatch(/Space/);
    const between = stepHelp({ test: 'landoltC', status: 'Continue', device: 'display' });
    expect(between.asks).toMatch(/Cover your RIGHT eye/);
    expect(between.pause).toMatch(/P pauses the countdown/);
    expect(between.pause).toMatch(/opening this help pauses it/);
    const waits = stepHelp({ test: 'landoltC', status: 'Continue', device: 'display', autoAdvance: false });
    expect(waits.pause).toMatch(/does not move on by itself/);
    expect(stepHelp({ test: 'presbyopia', status: 'Ready', device: 'phone' }).asks).toMatch(/both eyes/);
  });

  it('has a task, keys on the display and an answer on the phone for every test', () => {
    for (const test of TEST_IDS) {
      expect(TEST_TASKS[test].length).toBeGreaterThan(20);
      expect(KEYBOARD_MAP.some((row) => row.ids?.includes(test))).toBe(true);
      const phone = stepHelp({ test, status: 'InTest', device: 'phone' });
      expect(phone.answer.length).toBeGreaterThan(10);
    }
  });

  it('opens with F1, which is no answer in any test', () => {
    expect(isHelpKey('F1')).toBe(true);
    expect(isHelpKey('h')).toBe(false);
    for (const test of TEST_IDS) expect(keyboardKey(test, 'F1')).toBeNull();
    expect(KEYBOARD_MAP.some((row) => row.keys.includes('F1'))).toBe(true);
  });
});
