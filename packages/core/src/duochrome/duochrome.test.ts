import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { recordDuochrome, type DuochromeAnswer } from './duochrome';

describe('duochrome (SPEC.md §3 "duoChrome (list per eye)")', () => {
  it('keeps a list of answers', () => expect(recordDuochrome(['red'], 'green')).toEqual(['red', 'green']));
  it('rejects other answers', () =>
    expect(() => recordDuochrome([], 'blue' as DuochromeAnswer)).toThrow(CoreInputError));
});
