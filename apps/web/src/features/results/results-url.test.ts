import { describe, expect, it } from 'vitest';
import { readView, viewFilters, writeView } from './results-url';
import { exportFileName, localDate } from './downloads';

describe('results view in the URL', () => {
  it('reads a view and drops what is malformed', () => {
    expect(
      readView(new URLSearchParams('id=abc&page=3&limit=50&test=sloan&from=2026-01-31&to=2026-02-30')),
    ).toEqual({
      id: 'abc',
      page: 3,
      limit: 50,
      test: 'sloan',
      from: '2026-01-31',
      to: null, // 30 February is no day
    });
    expect(readView(new URLSearchParams('page=-1&limit=7&test=snellen&from=yesterday'))).toEqual({
      id: null,
      page: 1,
      limit: 20,
      test: null,
      from: null,
      to: null,
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeView({ page: 1, limit: 20 }).toString()).toBe('');
    const query = writeView({
      id: null,
      page: 2,
      limit: 10,
      test: 'tumblingE',
      from: '2026-01-01',
      to: null,
    });
    expect(query.toString()).toBe('page=2&limit=10&test=tumblingE&from=2026-01-01');
    expect(readView(query)).toMatchObject({ page: 2, limit: 10, test: 'tumblingE', from: '2026-01-01' });
  });

  it('turns local days into an inclusive instant range', () => {
    const filters = viewFilters({ test: null, from: '2026-03-01', to: '2026-03-31' });
    expect(new Date(filters.from!).getTime()).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).getTime());
    expect(new Date(filters.to!).getTime()).toBe(new Date(2026, 2, 31, 23, 59, 59, 999).getTime());
    expect(filters.test).toBeUndefined();
  });
});

describe('export file names', () => {
  it('names files by the local day', () => {
    const day = new Date(2026, 10, 2, 23, 30);
    expect(localDate(day)).toBe('2026-11-02');
    expect(exportFileName('results', day, 'csv')).toBe('visus-results-2026-11-02.csv');
    expect(exportFileName('result', day, 'fhir')).toBe('visus-result-2026-11-02.fhir.json');
  });
});
