import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boundResult, fullResult } from './results-fixtures';
import { TestOutcome } from './test-outcome';

function row(table: HTMLElement, label: string): HTMLElement {
  return within(table).getByRole('rowheader', { name: label }).closest('tr')!;
}

describe('TestOutcome for Presbyopia', () => {
  it('shows the add with the reading distance and the age it was worked out from', () => {
    render(<TestOutcome test="presbyopia" result={fullResult()} />);
    const table = screen.getByRole('table', { name: 'Presbyopia' });
    expect(row(table, 'Reading add')).toHaveTextContent('+1.50 D');
    expect(row(table, 'Distance prescription (sphere)')).toHaveTextContent('−2.50 D');
    expect(row(table, 'Reading distance')).toHaveTextContent('Below 1.6m');
    expect(row(table, 'Age used')).toHaveTextContent('52 years');
  });

  it('shows a dash for the distance and age of a result stored before they were kept', () => {
    const older = fullResult();
    older.data.presbyopia = { stereo: { add: -0.25, answer: 1 } };
    render(<TestOutcome test="presbyopia" result={older} />);
    const table = screen.getByRole('table', { name: 'Presbyopia' });
    expect(row(table, 'Reading add')).toHaveTextContent('−0.25 D');
    expect(row(table, 'Answer')).toHaveTextContent('1');
    expect(row(table, 'Reading distance')).toHaveTextContent('—');
    expect(row(table, 'Age used')).toHaveTextContent('—');
  });
});

describe('TestOutcome for an acuity bound (docs/adr/0010)', () => {
  it('says "or better" after every notation, shows no 95 % interval for it, and says why', () => {
    render(<TestOutcome test="landoltC" result={boundResult()} />);
    const table = screen.getByRole('table', { name: 'Landolt C' });
    const cells = (label: string) =>
      within(row(table, label))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('logMAR')).toEqual(['0.50 or better', '0.10']);
    expect(cells('Snellen (6 m)')).toEqual(['6/19 or better', '6/7.5']);
    expect(cells('Snellen (20 ft)')).toEqual(['20/63 or better', '20/25']);
    expect(cells('Decimal')).toEqual(['0.32 or better', '0.79']);
    // The bound's stored ci95 [-1, 0.5] is one-sided: never shown as an interval.
    expect(cells('95 % interval (logMAR)')).toEqual(['None: a bound', '0.00 to 0.20']);
    expect(cells('95 % interval (decimal)')).toEqual(['None: a bound', '0.63 to 1.0']);
    expect(table).not.toHaveTextContent('-1.00');
    expect(cells('Why a bound')).toEqual([
      '0.50 logMAR is the smallest line this screen can draw at 0.6 m: the acuity was not measured beyond it',
      '—',
    ]);
  });

  it('says "or worse" for the other end, and "at the distance used" without a stored distance', () => {
    const result = boundResult();
    result.data.landoltC = {
      left: { va: 1, rounds: 9, loopLength: 30, ci95: [1, 2.5], censored: 'worse-than', bound: 1 },
    };
    render(<TestOutcome test="landoltC" result={result} />);
    const table = screen.getByRole('table', { name: 'Landolt C' });
    expect(row(table, 'logMAR')).toHaveTextContent('—1.00 or worse');
    expect(row(table, 'Why a bound')).toHaveTextContent(
      '1.00 logMAR is the largest line this screen can draw at the distance used',
    );
  });

  it('keeps a measured result as before: no bound row', () => {
    render(<TestOutcome test="sloan" result={fullResult()} />);
    const table = screen.getByRole('table', { name: 'Sloan' });
    expect(within(table).queryByRole('rowheader', { name: 'Why a bound' })).toBeNull();
    expect(table).not.toHaveTextContent('or better');
  });
});

describe('TestOutcome notation (core notation rule)', () => {
  it('shows an older record by its logMAR, not its stored snellen, with intervals low to high', () => {
    const older = fullResult();
    older.data.sloan = {
      right: { va: 0.26, rounds: 20, loopLength: 20, snellen: '6/11', ci95: [0.146, 0.4] },
      left: 1.7,
    };
    render(<TestOutcome test="sloan" result={older} />);
    const table = screen.getByRole('table', { name: 'Sloan' });
    const cells = (label: string) =>
      within(row(table, label))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Snellen (6 m)')).toEqual(['6/12', '6/300']);
    expect(cells('Snellen (20 ft)')).toEqual(['20/40', '20/1000']);
    expect(cells('Decimal')).toEqual(['0.55', '0.020']);
    expect(cells('95 % interval (Snellen)')).toEqual(['6/7.5 to 6/15 (20/25 to 20/50)', '—']);
    expect(cells('95 % interval (decimal)')).toEqual(['0.40 to 0.71', '—']);
  });
});
