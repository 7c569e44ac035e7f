import type { Language } from '@visus/core';

/** One Intl.ListFormat per language, made on first use. */
const formats = new Map<string, Intl.ListFormat>();

/**
 * "A", "A and B", "A, B and C" in `language` (Intl.ListFormat, conjunction; English as en-GB writes it,
 * without a serial comma). English is joined here with the same words: the first Intl.ListFormat a page
 * builds loads the browser's list patterns, ≈ 60 ms of a phone's main thread (issue 25 item 5).
 */
export function conjunctionList(items: readonly string[], language: Language): string {
  if (language === 'en') {
    return items.length <= 2
      ? items.join(' and ')
      : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  }
  let format = formats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'conjunction' });
    formats.set(language, format);
  }
  return format.format(items);
}
