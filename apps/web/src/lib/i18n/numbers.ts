import { currentLanguage } from './i18n';

const separators = new Map<string, string>();

/** The decimal separator of the language shown ('.' in English, ',' in Spanish, German and French). */
function decimalSeparator(): string {
  const language = currentLanguage();
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
 * `value.toFixed(digits)` in the language shown (issue 20): "0.80" in English, "0,80" in Spanish, German
 * and French. The digits are toFixed's own (its rounding, no grouping), only the decimal point is the
 * language's, so the English is exactly what the screens wrote before.
 */
export function formatFixed(value: number, digits: number): string {
  return value.toFixed(digits).replace('.', decimalSeparator());
}

/**
 * A number as `String(value)` writes it, in the language shown: "15.6" in English, "15,6" in German. For
 * the short numbers people read and type (a diagonal, a gamma, a range's ends).
 */
export function formatNumber(value: number): string {
  return String(value).replace('.', decimalSeparator());
}
