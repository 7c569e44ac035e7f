import { requireFinite } from '../errors/core-input-error';
import { logMar } from './units';

/**
 * Chart lines: the standard rows of a logMAR chart, 0.1 logMAR apart from 0 = 6/6 (20/20), written in
 * Snellen notation with the chart's usual denominators. Pure optics of the chart, used by the procedure
 * (the size it draws), the censoring rule (the line a bound implies) and the notation (what is shown).
 */

const LINE_MANTISSAS = {
  6: [6, 7.5, 9.5, 12, 15, 19, 24, 30, 38, 48],
  20: [20, 25, 32, 40, 50, 63, 80, 100, 125, 160],
} as const;

/** How a value is rounded to a chart line: the nearest, or toward worse / better for a bound. */
export type LineRounding = 'nearest' | 'worse' | 'better';

/**
 * How a value's chart line is rounded: to the line a bound implies ("or better" → the worse line, "or
 * worse" → the better one), the nearest for a measured value. Takes the record's `censored` or the
 * bound's qualifier (results/notation.ts `AcuityBound`).
 */
export function lineRounding(
  bound: 'better-than' | 'worse-than' | 'or better' | 'or worse' | null | undefined,
): LineRounding {
  if (bound === 'better-than' || bound === 'or better') return 'worse';
  if (bound === 'worse-than' || bound === 'or worse') return 'better';
  return 'nearest';
}

/** The chart line (steps of 0.1 logMAR from 0 = 6/6) a logMAR value is written as. */
export function chartLineStep(logMARValue: number, rounding: LineRounding = 'nearest'): number {
  const tenths = Number((logMar(requireFinite(logMARValue, 'logMAR')) * 10).toFixed(6));
  if (rounding === 'worse') return Math.ceil(tenths - 0.05);
  if (rounding === 'better') return Math.floor(tenths + 0.05);
  return Math.round(tenths);
}

/** The standard chart line of a logMAR value: snellenLine(0.1, 6) → "6/7.5", snellenLine(1.7, 20) → "20/1000". */
export function snellenLine(
  logMARValue: number,
  numerator: 6 | 20,
  rounding: LineRounding = 'nearest',
): string {
  const step = chartLineStep(logMARValue, rounding);
  const decade = Math.floor(step / 10);
  const mantissa = LINE_MANTISSAS[numerator][step - decade * 10]!;
  return `${numerator}/${Number((mantissa * 10 ** decade).toPrecision(3))}`;
}
