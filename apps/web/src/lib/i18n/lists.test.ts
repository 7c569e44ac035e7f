import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@visus/core';
import { conjunctionList } from './lists';

describe('conjunctionList', () => {
  const lists = [
    [],
    ['Diamond'],
    ['Astigmatism Power', 'Diamond'],
    ['Sloan', 'Landolt C', 'Diamond'],
    ['a', 'b', 'c', 'd'],
  ];

  it('writes English as en-GB Intl.ListFormat does, without building one', () => {
    const british = new Intl.ListFormat('en-GB', { type: 'conjunction' });
    for (const items of lists) expect(conjunctionList(items, 'en')).toBe(british.format(items));
    expect(conjunctionList(['Sloan', 'Landolt C', 'Diamond'], 'en')).toBe('Sloan, Landolt C and Diamond');
  });

  it("writes the other languages with the browser's list patterns", () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en'))
      for (const items of lists)
        expect(conjunctionList(items, language)).toBe(
          new Intl.ListFormat(language, { type: 'conjunction' }).format(items),
        );
    expect(conjunctionList(['Sloan', 'Diamond'], 'de')).toBe('Sloan und Diamond');
  });
});
