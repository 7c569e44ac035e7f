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

describe('TestOutcome for Diamond (issue 17)', () => {
  const round = (selected: number, gratingTile: number) => ({
    selected,
    gratingTile,
    correct: selected === gratingTile,
    rotation: [135, 0, 90, 45][selected - 1]! - 45,
    contrast: 8,
  });

  it('shows the score and its meaning first, then each round', () => {
    const result = fullResult();
    result.data.diamond = {
      right: {
        ...round(3, 3),
        rounds: [round(1, 1), round(2, 2), round(3, 3)],
        score: { correct: 3, of: 3 },
      },
      left: { ...round(4, 1), rounds: [round(1, 2), round(2, 2), round(4, 1)], score: { correct: 1, of: 3 } },
    };
    render(<TestOutcome test="diamond" result={result} />);
    const table = screen.getByRole('table', { name: 'Diamond' });
    const labels = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(labels).toEqual(['Grating found', 'What it means', 'Round 1', 'Round 2', 'Round 3']);
    expect(row(table, 'Grating found')).toHaveTextContent('3 of 3 rounds1 of 3 rounds');
    expect(row(table, 'What it means')).toHaveTextContent(
      'Found the grating in 3 of 3 rounds: the grating at 8 % contrast was seen (guessing scores this well 1 time in 64; chance is 1 in 4 per round).',
    );
    expect(row(table, 'What it means')).toHaveTextContent(
      'Found the grating in 1 of 3 rounds: not better than guessing (chance is 1 in 4 per round)',
    );
    expect(row(table, 'Round 1')).toHaveTextContent(
      'Tile 1 chosen, grating on tile 1: found (contrast 8 %)Tile 1 chosen, grating on tile 2: missed (contrast 8 %)',
    );
  });

  it('an older record: "Rounds: not recorded" and its single stored round', () => {
    render(<TestOutcome test="diamond" result={fullResult()} />);
    const table = screen.getByRole('table', { name: 'Diamond' });
    expect(row(table, 'Grating found')).toHaveTextContent('—Rounds: not recorded');
    expect(row(table, 'What it means')).toHaveTextContent(
      'whether the selected tile was the grating is not known',
    );
    expect(row(table, 'Stored round (the last)')).toHaveTextContent(
      '—Tile 3, grating 45° (rotation − 45°), contrast 8 %',
    );
    expect(within(table).queryByRole('rowheader', { name: 'Round 1' })).toBeNull();
  });
});

describe('TestOutcome for the spoke tests (issue 17)', () => {
  it('shows Spoke Circle sizes as visual angles at the viewing distance', () => {
    const result = fullResult();
    result.data.spokeCircle = {
      right: {
        diff: 10,
        average: 95,
        acuityResults: [90, 100],
        visualAngle: { distanceMm: 600, sizes: [2.3, 2.5], average: 2.4, diff: 0.3 },
      },
    };
    render(<TestOutcome test="spokeCircle" result={result} />);
    const table = screen.getByRole('table', { name: 'Spoke Circle' });
    expect(row(table, 'Average size')).toHaveTextContent('2.4° (visual angle at 0.60 m)');
    expect(row(table, 'Spread')).toHaveTextContent('0.3°');
    expect(row(table, 'Sizes per round')).toHaveTextContent('2.3°, 2.5°');
  });

  it('an older Spoke Circle record: canvas units labelled plainly, visual angle not recorded', () => {
    render(<TestOutcome test="spokeCircle" result={fullResult()} />);
    const table = screen.getByRole('table', { name: 'Spoke Circle' });
    expect(row(table, 'Average size')).toHaveTextContent('120.3 canvas units (visual angle: not recorded)');
    expect(row(table, 'Spread')).toHaveTextContent('4.5 canvas units');
    expect(row(table, 'Sizes per round')).toHaveTextContent('110, 120, 130, 118, 122, 122 canvas units');
  });

  it('shows the Spoke Ellipse width as a visual angle, and an older record in canvas units', () => {
    const result = fullResult();
    const older = {
      diffWidth: 5,
      diffRotation: 7.071,
      averageWidth: 71.667,
      averageRotation: 85,
      acuityResults: [
        { width: 66.667, rotation: 80 },
        { width: 76.667, rotation: 90 },
      ],
    };
    result.data.spokeEllipse = {
      right: {
        ...older,
        visualAngle: { distanceMm: 3000, sizes: [0.337, 0.387], average: 0.362, diff: 0.035 },
      },
      left: older,
    };
    render(<TestOutcome test="spokeEllipse" result={result} />);
    const table = screen.getByRole('table', { name: 'Spoke Ellipse' });
    expect(row(table, 'Average width')).toHaveTextContent(
      '0.36° (visual angle at 3.00 m)71.7 canvas units (visual angle: not recorded)',
    );
    expect(row(table, 'Width spread')).toHaveTextContent('0.04°5 canvas units');
    expect(row(table, 'Width at rotation, per round')).toHaveTextContent(
      '0.34° at 80°, 0.39° at 90°66.7 at 80°, 76.7 at 90° canvas units',
    );
  });
});

describe('TestOutcome says how the viewing distance was known (issue 18)', () => {
  it('shows the range the camera measured', () => {
    const result = boundResult();
    result.data.landoltC = {
      ...result.data.landoltC,
      viewing: { method: 'camera', distanceMm: 3000, minMm: 2900, maxMm: 3100 },
    };
    render(<TestOutcome test="landoltC" result={result} />);
    expect(screen.getByTestId('viewing')).toHaveTextContent('Distance measured by camera: 2.9–3.1 m.');
  });

  it('shows a typed distance, and "not recorded" for a record stored before it was kept', () => {
    const typed = fullResult();
    typed.data.presbyopia = { ...typed.data.presbyopia, viewing: { method: 'typed', distanceMm: 400 } };
    const { unmount } = render(<TestOutcome test="presbyopia" result={typed} />);
    expect(screen.getByTestId('viewing')).toHaveTextContent('Distance typed: 0.40 m.');
    unmount();
    render(<TestOutcome test="presbyopia" result={fullResult()} />);
    expect(screen.getByTestId('viewing')).toHaveTextContent('Distance: not recorded.');
  });
});
