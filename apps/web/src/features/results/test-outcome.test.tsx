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

describe('TestOutcome says what the answers mean (issue 17)', () => {
  const cells = (table: HTMLElement, label: string) =>
    within(row(table, label))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  it('opens Astigmatism Axis with the finding in words, then the stored fields', () => {
    const result = fullResult();
    result.data.astigAxis = {
      right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
      left: { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left', finding: 'axis' },
    };
    render(<TestOutcome test="astigAxis" result={result} />);
    const table = screen.getByRole('table', { name: 'Astigmatism Axis' });
    const labels = within(table)
      .getAllByRole('rowheader')
      .map((header) => header.textContent);
    expect(labels).toEqual([
      'Finding',
      'What it means',
      'Search endpoint',
      'First response',
      'Second response',
    ]);
    expect(cells(table, 'Finding')).toEqual(['No astigmatism found', 'Axis about 40°']);
    expect(cells(table, 'What it means')[0]).toMatch(/90° is only where the test starts/);
    expect(cells(table, 'Search endpoint')).toEqual(['90°', '40°']);
    expect(cells(table, 'First response')).toEqual(['Same', 'Left']);
  });

  it('says "uncertain" when the answers did not settle', () => {
    const result = fullResult();
    result.data.astigAxis = {
      right: { endpoint: 60, firstResponseKey: 'right', secondResponseKey: 'right', finding: 'uncertain' },
    };
    render(<TestOutcome test="astigAxis" result={result} />);
    const table = screen.getByRole('table', { name: 'Astigmatism Axis' });
    expect(cells(table, 'Finding')).toEqual(['Uncertain: no consistent axis', '—']);
  });

  it('reads older axis records: same, same is none found; anything else is not recorded', () => {
    const result = fullResult();
    result.data.astigAxis = {
      right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same' },
      left: { endpoint: 40, firstResponseKey: 'left', secondResponseKey: 'left' },
    };
    render(<TestOutcome test="astigAxis" result={result} />);
    const table = screen.getByRole('table', { name: 'Astigmatism Axis' });
    expect(cells(table, 'Finding')).toEqual([
      'No astigmatism found',
      'Finding not recorded (search ended at 40°)',
    ]);
    expect(cells(table, 'What it means')[1]).toMatch(/An older record/);
    expect(table).not.toHaveTextContent('Axis about');
  });

  it('gives DuoChrome its balance and hint, and counts the "same" answers', () => {
    const result = fullResult();
    result.data.duoChrome = { right: ['red', 'same', 'red'], left: ['same'] };
    render(<TestOutcome test="duoChrome" result={result} />);
    const table = screen.getByRole('table', { name: 'DuoChrome' });
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Finding');
    expect(cells(table, 'Finding')).toEqual(['Red side sharper', 'Balanced']);
    expect(cells(table, 'What it means')[0]).toMatch(/short sight not fully corrected.*not a prescription/);
    expect(cells(table, 'Sharper side, in order')).toEqual(['Red, Same, Red', 'Same']);
    expect(cells(table, 'Count')).toEqual(['Red 2 · Green 0 · Same 1', 'Red 0 · Green 0 · Same 1']);
  });

  it('keeps an older red/green DuoChrome record readable, with no answer for an empty list', () => {
    render(<TestOutcome test="duoChrome" result={fullResult()} />);
    const table = screen.getByRole('table', { name: 'DuoChrome' });
    expect(cells(table, 'Finding')).toEqual(['Red side sharper', 'No answer']);
    expect(cells(table, 'Count')).toEqual(['Red 2 · Green 1 · Same 0', 'Red 0 · Green 0 · Same 0']);
  });

  it('labels Astigmatism Power as a grating acuity in logMAR, its Snellen and decimal as equivalents', () => {
    const result = fullResult();
    result.data.astigPower = {
      right: { va: 0.3, rounds: 20, loopLength: 20, ci95: [0.2, 0.4] },
      left: 0.5,
    };
    render(<TestOutcome test="astigPower" result={result} />);
    const section = screen.getByRole('region', { name: 'Astigmatism Power' });
    const table = within(section).getByRole('table', { name: 'Astigmatism Power' });
    expect(cells(table, 'Grating acuity (logMAR)')).toEqual(['0.30', '0.50']);
    expect(cells(table, 'Snellen (6 m) equivalent')).toEqual(['6/12 equivalent', '6/19 equivalent']);
    expect(cells(table, 'Decimal equivalent')).toEqual(['0.50', '0.32']);
    expect(within(table).queryByRole('rowheader', { name: 'logMAR' })).toBeNull();
    expect(within(table).queryByRole('rowheader', { name: 'Snellen (6 m)' })).toBeNull();
    expect(table).not.toHaveTextContent(/dioptre|\bD\b/);
    expect(section).toHaveTextContent(/a grating acuity, not a power in dioptres/);
  });

  it('keeps the letter charts as before', () => {
    render(<TestOutcome test="sloan" result={fullResult()} />);
    const table = screen.getByRole('table', { name: 'Sloan' });
    expect(within(table).getByRole('rowheader', { name: 'logMAR' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent('equivalent');
  });
});
