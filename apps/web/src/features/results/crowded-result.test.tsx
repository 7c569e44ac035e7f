import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredResult } from '@visus/contracts';
import { ResultHeadline } from './result-headline';
import { fullResult } from './results-fixtures';
import { TestOutcome } from './test-outcome';

/** Crowded results (SPEC.md §3 crowding) say so beside their value; older records say "not recorded". */
function sloanResult(crowded: boolean | undefined): StoredResult {
  const result = fullResult();
  const eye = { va: 0.2, rounds: 24, loopLength: 30, ...(crowded === undefined ? {} : { crowded }) };
  result.data.sloan = { right: eye, left: { ...eye, va: 0.3 } };
  return result;
}

function lettersRow(): string[] {
  const table = screen.getByRole('table', { name: 'Sloan' });
  const row = within(table).getByRole('rowheader', { name: 'Letters' }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('a crowded result on the result page', () => {
  it('heads the test "(crowded)" and says so per eye', () => {
    render(<TestOutcome test="sloan" result={sloanResult(true)} />);
    expect(screen.getByRole('heading', { name: 'Sloan (crowded)' })).toBeInTheDocument();
    expect(lettersRow()).toEqual(['Crowded (bars around each letter)', 'Crowded (bars around each letter)']);
  });

  it('says uncrowded, or not recorded for an older record and a bare value', () => {
    const { unmount } = render(<TestOutcome test="sloan" result={sloanResult(false)} />);
    expect(screen.getByRole('heading', { name: 'Sloan' })).toBeInTheDocument();
    expect(lettersRow()).toEqual(['Uncrowded', 'Uncrowded']);
    unmount();
    render(<TestOutcome test="sloan" result={fullResult()} />); // right: a record without it, left: 0.2
    expect(lettersRow()).toEqual(['Not recorded (uncrowded)', 'Not recorded (uncrowded)']);
  });

  it('has no Letters row for Astigmatism Power, which has no letters to crowd', () => {
    render(<TestOutcome test="astigPower" result={fullResult()} />);
    const table = screen.getByRole('table', { name: 'Astigmatism Power' });
    expect(within(table).queryByRole('rowheader', { name: 'Letters' })).toBeNull();
  });
});

describe('a crowded result in the results list', () => {
  it('labels the test "(crowded)" beside its figures, and not an uncrowded one', () => {
    const { unmount } = render(<ResultHeadline result={sloanResult(true)} />);
    expect(screen.getByText(/^Sloan \(crowded\):/)).toBeInTheDocument();
    unmount();
    render(<ResultHeadline result={sloanResult(false)} />);
    expect(screen.getByText(/^Sloan:/)).toBeInTheDocument();
    expect(screen.queryByText(/crowded/)).toBeNull();
  });
});
