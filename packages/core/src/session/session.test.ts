import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CoreInputError } from '../errors/core-input-error';
import {
  PIN_ALPHABET,
  PIN_LENGTH,
  chartTypesOf,
  isTestId,
  normalisePin,
  partAFlow,
  pinFromRandomBytes,
} from './session';

describe('pins (DESIGN.md §6: unguessable, from an unambiguous alphabet)', () => {
  it('has no look-alike characters', () => {
    for (const ch of '01ILO') expect(PIN_ALPHABET).not.toContain(ch);
    expect(new Set(PIN_ALPHABET).size).toBe(31);
  });

  it('always makes an 8-character pin of the alphabet from 32 random bytes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((b) => b.filter((x) => x < 248).length >= 8),
        (bytes) => {
          const pin = pinFromRandomBytes(bytes);
          expect(pin).toHaveLength(PIN_LENGTH);
          expect([...pin].every((c) => PIN_ALPHABET.includes(c))).toBe(true);
        },
      ),
    );
  });

  it('skips biased bytes (≥ 248) instead of folding them onto the first symbols', () => {
    const bytes = new Uint8Array([248, 255, 0, 30, 31, 247, 62, 1, 2, 3]);
    // 0 → A, 30 → 9, 31 → A, 247 → 247 % 31 = 30 → 9, 62 → A, 1 → B, 2 → C, 3 → D
    expect(pinFromRandomBytes(bytes)).toBe('A9A9ABCD');
  });

  it('refuses too few usable bytes', () => {
    expect(() => pinFromRandomBytes(new Uint8Array([1, 2, 3]))).toThrow(CoreInputError);
  });

  it('normalises typed pins', () => {
    expect(normalisePin(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalisePin('ABCD EF23')).toBe('ABCDEF23');
    expect(normalisePin('ABCDEF0H')).toBeNull(); // 0 is not in the alphabet
    expect(normalisePin('ABC')).toBeNull();
  });
});

describe('partAFlow (SPEC.md §4: Part A is the chosen chart then DuoChrome)', () => {
  it.each([
    ['Sloan', ['sloan', 'duoChrome']],
    ['Landolt C', ['landoltC', 'duoChrome']],
    ['Tumbling E', ['tumblingE', 'duoChrome']],
  ] as const)('%s', (chart, flow) => expect(partAFlow(chart)).toEqual(flow));

  it('refuses an unknown chart', () => {
    expect(() => partAFlow('Snellen' as never)).toThrow(/unknown chart type "Snellen"/);
  });

  it('knows test ids', () => {
    expect(isTestId('landoltC')).toBe(true);
    expect(isTestId('LandoltC')).toBe(false);
  });
});

describe('chartTypesOf (SPEC.md §3: testFlowA as a list of chart types)', () => {
  it('names the chart of every battery flow and drops DuoChrome', () => {
    expect(chartTypesOf(partAFlow('Sloan'))).toEqual(['Sloan']);
    expect(chartTypesOf(partAFlow('Landolt C'))).toEqual(['Landolt C']);
    expect(chartTypesOf(partAFlow('Tumbling E'))).toEqual(['Tumbling E']);
  });

  it('keeps the order and has none for a single test that is not a chart', () => {
    expect(chartTypesOf(['tumblingE', 'duoChrome', 'sloan'])).toEqual(['Tumbling E', 'Sloan']);
    expect(chartTypesOf(['duoChrome'])).toEqual([]);
    expect(chartTypesOf(['astigAxis'])).toEqual([]);
    expect(chartTypesOf([])).toEqual([]);
  });
});
