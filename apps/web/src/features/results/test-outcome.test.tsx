import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullResult } from './results-fixtures';
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
