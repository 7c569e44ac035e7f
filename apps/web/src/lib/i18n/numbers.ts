import type { Language } from '@visus/core';
import { currentLanguage } from './i18n';

const separators = new Map<string, string>();

/** The decimal mark of `language` ('.' in English, ',' in Spanish, German and French). */
export function decimalMark(language: Language = currentLanguage()): string {
  let found = separators.get(language);
  if (found === undefined) {
    found =
      new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ??
      '.';
    separators.set(language, found);
  }
  return found;
}

/**
 * The numbers core or toFixed wrote in `text` ("0.30", "-0.10", "0.6–0.7 m") with the decimal mark of
 * `language`, the digits unchanged ("0,30"). Not for Snellen fractions (6/7.5 is a chart line's name).
 */
export function withDecimalMark(text: string, language: Language = currentLanguage()): string {
  const mark = decimalMark(language);
  return mark === '.' ? text : text.replace(/(\d)\.(\d)/g, `$1${mark}$2`);
}

/**
 * `value.toFixed(digits)` in the language shown (issue 20): "0.80" in English, "0,80" in Spanish, German
 * and French. The digits are toFixed's own (its rounding, no grouping), only the decimal point is the
 * language's, so the English is exactly what the screens wrote before.
 */
export function formatFixed(value: number, digits: number): string {
  return withDecimalMark(value.toFixed(digits));
}

/**
 * A number as `String(value)` writes it, in the language shown: "15.6" in English, "15,6" in German. For
 * the short numbers people read and type (a diagonal, a gamma, a range's ends).
 */
export function formatNumber(value: number): string {
  return withDecimalMark(String(value));
}

/**
 * Dioptres as core's formatDioptres writes them ("+1.25 D", "−3.00 D" with a true minus sign, "0.00 D",
 * never "−0.00 D"), with the language's decimal mark: "−1,25 D" in Spanish, German and French.
 */
export function localDioptres(value: number): string {
  const v = Number(value.toFixed(2));
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatFixed(Math.abs(v), 2)} D`;
}
