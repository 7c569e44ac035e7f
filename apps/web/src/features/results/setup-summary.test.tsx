import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullResult, storedResult } from './results-fixtures';
import { SetupSummary } from './setup-summary';

function mode(): string | null | undefined {
  return screen.getByText('Mode').nextSibling?.textContent;
}

describe('SetupSummary mode', () => {
  it.each([
    ['a full battery', fullResult(), 'Full test'],
    [
      'a single test taken for real',
      storedResult({ setup: { ...storedResult().setup, testMode: false, singleTest: 'landoltC' } }),
      'Single test: Landolt C',
    ],
    ['a single test in test mode', storedResult(), 'Test mode: Sloan only'],
  ])('names %s', (_, result, expected) => {
    render(<SetupSummary result={result} />);
    expect(mode()).toBe(expected);
  });
});
