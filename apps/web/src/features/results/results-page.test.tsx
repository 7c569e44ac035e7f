import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resultsToCsv, resultsToFhirBundle, type FhirBundle, type FhirObservation } from '@visus/core';
import type { StoredResult } from '@visus/contracts';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';
import { boundResult, fullResult, listReply, storedResult, shownRows } from './results-fixtures';
import { dateTime, shortDay } from './result-format';

// This file's findBy/waitFor wait up to 4 s (vitest isolates files, so others keep the default).
configure({ asyncUtilTimeout: 4000 });

const NEWER = storedResult({ day: '2026-11-20' });
const OLDER = storedResult({
  day: '2026-10-01',
  data: {
    start: Date.parse('2026-10-01T10:00:00.000Z'),
    end: Date.parse('2026-10-01T10:05:00.000Z'),
    sloan: { right: { va: 0.5, rounds: 25, loopLength: 30 }, left: { va: 0.12, rounds: 23, loopLength: 30 } },
  },
});

/** Answers GET /tests/results with `answer` and records each query string. */
function listRoute(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  const reply = (request: Request) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    return answer(query);
  };
  return { queries, reply };
}

function renderResults(path = '/user/results', role: 'user' | 'admin' = 'user') {
  return renderApp(path, { store: signedInStore(role) });
}

/** Files the page saved: name and text, captured from the Blob + object URL + link click. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:visus/${++n}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

/** A Blob's text (jsdom's Blob has no text()). */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T09:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ResultsPage', { timeout: 20_000 }, () => {
  it('lists results newest first with date, tests and headline figures', async () => {
    const list = listRoute(() => listReply([NEWER, OLDER]));
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': list.reply });
    renderResults();
    const rows = await shownRows('Results');
    expect(rows).toHaveLength(3); // header + 2
    expect(rows[1]).toHaveTextContent(dateTime(NEWER.setup.date));
    expect(rows[1]).toHaveTextContent('Sloan');
    expect(rows[1]).toHaveTextContent('R 6/12 (0.30 logMAR)');
    expect(rows[1]).toHaveTextContent('L 6/7.5 (0.10 logMAR)');
    expect(rows[2]).toHaveTextContent(dateTime(OLDER.setup.date));
    expect(rows[2]).toHaveTextContent('R 6/19 (0.50 logMAR)');
    expect(list.queries[0]?.get('page')).toBe('1');
    expect(list.queries[0]?.get('limit')).toBe('20');
    expect(list.queries[0]?.has('test')).toBe(false);
  });

  it('opens each row with a plain verdict per eye, at the age on the test day', async () => {
    const severe = storedResult({
      day: '2026-11-19',
      data: { ...NEWER.data, sloan: { right: { va: 1.2, rounds: 20, loopLength: 30 } } },
    });
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests/results': listReply([NEWER, severe]),
    });
    renderResults();
    const rows = await shownRows('Results');
    const verdict = within(rows[1]!).getByRole('list', { name: 'In short' });
    expect(verdict).toHaveTextContent(
      'Right eye 6/12: below the normal range for your age: an eye test may help',
    );
    expect(verdict).toHaveTextContent('Left eye 6/7.5: below the normal range for your age');
    expect(within(rows[2]!).getByRole('list', { name: 'In short' })).toHaveTextContent(
      'Right eye 6/95: worse than 6/60: see an optometrist or doctor soon',
    );
  });

  it('compares with 6/6 and asks for a date of birth when the profile has none', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ dob: null })),
      'GET /tests/results': listReply([NEWER]),
    });
    renderResults();
    const table = await screen.findByRole('table', { name: 'Results' });
    expect(await within(table).findAllByText(/below 6\/6: an eye test may help/)).toHaveLength(2);
  });

  it('pages through the list and keeps the page in the URL', async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => ({ ...NEWER, _id: `r-${i}` }));
    const list = listRoute((query) =>
      query.get('page') === '2' ? listReply([OLDER], 21) : listReply(page1, 21),
    );
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': list.reply });
    const { user, router } = renderResults();
    expect(await screen.findByText('1–20 of 21')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('21–21 of 21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const pages = list.queries
      .filter((query) => query.get('limit') === '20')
      .map((query) => query.get('page'));
    expect(pages).toEqual(expect.arrayContaining(['1', '2']));
  });

  it('filters by test and date range', async () => {
    const list = listRoute(() => listReply([NEWER]));
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': list.reply });
    const { user, router } = renderResults('/user/results?from=2026-11-01&to=2026-11-30');
    await screen.findByRole('table', { name: 'Results' });
    const first = list.queries.find((query) => query.get('limit') === '20')!;
    expect(new Date(first.get('from')!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(first.get('to')!).getTime()).toBe(new Date(2026, 10, 30, 23, 59, 59, 999).getTime());

    await user.click(screen.getByRole('combobox', { name: 'Test' }));
    await user.click(await screen.findByRole('option', { name: 'Landolt C' }));
    await waitFor(() => expect(router.state.location.search).toContain('test=landoltC'));
    await waitFor(() => expect(list.queries.some((query) => query.get('test') === 'landoltC')).toBe(true));
  });

  it('refuses an end date before the start date without asking the server', async () => {
    const list = listRoute(() => listReply([NEWER]));
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': list.reply });
    renderResults('/user/results?from=2026-11-10&to=2026-11-01');
    expect(await screen.findAllByText(/The end date is before the start date/)).not.toHaveLength(0);
    expect(list.queries).toHaveLength(0);
  });

  it('sends someone with no results to the tests', async () => {
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': listReply([]) });
    renderResults();
    expect(await screen.findByText('No results yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take a test' })).toHaveAttribute('href', '/user/tests');
    expect(screen.getByRole('button', { name: 'Download history' })).toBeDisabled();
  });

  it('shows the server error, or Server Error when there is none', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests/results': json(400, {
        success: false,
        error: 'limit must be a whole number from 1 to 100',
      }),
    });
    renderResults();
    expect(await screen.findByRole('alert')).toHaveTextContent('limit must be a whole number from 1 to 100');
  });

  it('falls back to Server Error', async () => {
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': json(500, {}) });
    renderResults();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens the newest result for ?redirect=latest, replacing the URL', async () => {
    const list = listRoute(() => listReply([NEWER], 2));
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests/results': list.reply,
      [`GET /tests/results/${NEWER._id}`]: json(200, { success: true, data: NEWER }),
    });
    const { router } = renderResults('/user/results?redirect=latest');
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${NEWER._id}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(list.queries[0]?.get('limit')).toBe('1');
    expect(
      await screen.findByRole('heading', { level: 1, name: `Test of ${dateTime(NEWER.setup.date)}` }),
    ).toBeInTheDocument();
  });

  it('shows the empty list for ?redirect=latest when there is no result yet', async () => {
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': listReply([]) });
    const { router } = renderResults('/user/results?redirect=latest');
    expect(await screen.findByText('No results yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows every outcome of a result in the usual notations, with setup and duration', async () => {
    const result = fullResult();
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests/results/result-full': json(200, { success: true, data: result }),
    });
    renderResults('/user/results?id=result-full');
    const sloan = await screen.findByRole('table', { name: 'Sloan' });
    const row = (table: HTMLElement, label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row(sloan, 'logMAR')).toHaveTextContent('0.000.20');
    expect(row(sloan, 'Snellen (6 m)')).toHaveTextContent('6/66/9.5');
    expect(row(sloan, 'Snellen (20 ft)')).toHaveTextContent('20/2020/32');
    expect(row(sloan, 'Decimal')).toHaveTextContent('1.00.63');
    expect(row(sloan, '95 % interval (logMAR)')).toHaveTextContent('-0.10 to 0.10');
    expect(row(sloan, '95 % interval (Snellen)')).toHaveTextContent('6/4.8 to 6/7.5 (20/16 to 20/25)');
    expect(row(sloan, '95 % interval (decimal)')).toHaveTextContent('0.79 to 1.3');
    expect(row(sloan, 'Trials')).toHaveTextContent('21 of 30');

    const axis = screen.getByRole('table', { name: 'Astigmatism Axis' });
    // An older record without a finding (issue 17): the endpoint is only where the search ended.
    expect(row(axis, 'Finding')).toHaveTextContent('Finding not recorded (search ended at 90°)');
    expect(row(axis, 'Search endpoint')).toHaveTextContent('90°');
    expect(row(screen.getByRole('table', { name: 'DuoChrome' }), 'Sharper side, in order')).toHaveTextContent(
      'Red, Green, RedNo answer',
    );
    // Older Diamond and Spoke Circle records: what was not recorded is said, what was is shown.
    const diamond = screen.getByRole('table', { name: 'Diamond' });
    expect(row(diamond, 'Grating found')).toHaveTextContent('Rounds: not recorded');
    expect(row(diamond, 'Stored round (the last)')).toHaveTextContent('contrast 8 %');
    const spoke = screen.getByRole('table', { name: 'Spoke Circle' });
    expect(row(spoke, 'Average size')).toHaveTextContent('120.3 canvas units (visual angle: not recorded)');
    expect(row(spoke, 'Spread')).toHaveTextContent('4.5 canvas units');
    expect(row(screen.getByRole('table', { name: 'Presbyopia' }), 'Reading add')).toHaveTextContent(
      '+1.50 D',
    );

    const setup = screen.getByRole('region', { name: 'Setup and timing' });
    expect(within(setup).getByText('Duration').nextSibling).toHaveTextContent('00:12:34');
    expect(within(setup).getByText('Correction').nextSibling).toHaveTextContent('Glasses');
    expect(within(setup).getByText('Mode').nextSibling).toHaveTextContent('Full test');
    expect(within(setup).getByText('Part B').nextSibling).toHaveTextContent('Diamond, Astigmatism Axis');
    expect(screen.getByRole('button', { name: 'Print report' })).toBeInTheDocument();
  });

  it('opens a result with the verdict per eye and its sources, beside the numbers', async () => {
    const result = storedResult({
      data: {
        ...NEWER.data,
        sloan: {
          right: { va: -0.1, rounds: 20, loopLength: 30 },
          left: { va: 0.5, rounds: 20, loopLength: 30 },
        },
      },
    });
    mockApi({
      'GET /auth/current': currentUserReply(),
      [`GET /tests/results/${result._id}`]: json(200, { success: true, data: result }),
    });
    renderResults(`/user/results?id=${result._id}`);
    const section = await screen.findByRole('region', { name: 'In short' });
    const lines = within(section).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Right eye 6/4.8: within the normal range for your age.');
    expect(lines[0]).toHaveAttribute('data-verdict', 'normal');
    expect(lines[1]).toHaveTextContent(
      "Left eye 6/19: below the driving standard's line (6/12): see an optometrist. Measured without glasses or lenses",
    );
    expect(within(section).getAllByText(/WHO ICD-11/).length).toBeGreaterThan(0);
    // The numbers stay: the Sloan section still has every notation.
    expect(screen.getByRole('region', { name: 'Sloan' })).toHaveTextContent('-0.10');
  });

  it('prints the report with the browser', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      [`GET /tests/results/${NEWER._id}`]: json(200, { success: true, data: NEWER }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderResults(`/user/results?id=${NEWER._id}`);
    await user.click(await screen.findByRole('button', { name: 'Print report' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says when a result cannot be found', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests/results/nope': json(404, { success: false, error: 'Result not found' }),
    });
    renderResults('/user/results?id=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Result not found');
  });

  it('downloads one result as CSV and as a FHIR bundle built from the API data', async () => {
    const files = captureDownloads();
    const me = testUser();
    // Not test mode: a test-mode result is never exported as a clinical Observation (issue 24).
    const clinical = { ...NEWER, setup: { ...NEWER.setup, testMode: false } };
    mockApi({
      'GET /auth/current': currentUserReply(me),
      [`GET /tests/results/${NEWER._id}`]: json(200, { success: true, data: clinical }),
    });
    const { user } = renderResults(`/user/results?id=${NEWER._id}`);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: /^CSV/ }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('visus-result-2026-11-20.csv');
    const csv = await readText(files[0]!.blob);
    expect(csv).toBe(resultsToCsv([clinical], { name: me.name, birthDate: me.dob! }));
    expect(csv.split('\r\n')[1]).toContain('sloan,right,0.3');

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(await screen.findByRole('menuitem', { name: /^FHIR R4 Bundle/ }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files[1]!.name).toBe('visus-result-2026-11-20.fhir.json');
    const bundle = JSON.parse(await readText(files[1]!.blob)) as FhirBundle;
    expect(bundle).toEqual(
      resultsToFhirBundle([clinical], {
        base: window.location.origin,
        timestamp: bundle.timestamp,
        patient: { id: me._id, name: me.name, birthDate: me.dob! },
      }),
    );
    expect(bundle.type).toBe('transaction');
    const observations = bundle.entry
      .map((e) => e.resource)
      .filter((r): r is FhirObservation => r.resourceType === 'Observation');
    const right = observations.find((o) => o.bodySite?.coding?.[0]?.code === '18944008')!;
    expect(right.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '98499-7' });
    expect(right.valueQuantity?.value).toBe(0.3);
  });

  it('says why a download failed, and saves nothing', async () => {
    const files = captureDownloads();
    // The list's own page loads; the download's pages (100 a page) fail.
    const list = listRoute((query) =>
      query.get('limit') === '100'
        ? json(500, { success: false, message: 'Database unavailable' })
        : listReply([NEWER, OLDER], 2),
    );
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': list.reply });
    const { user } = renderResults();
    await screen.findByText('1–2 of 2');
    await user.click(screen.getByRole('button', { name: 'Download history' }));
    await user.click(await screen.findByRole('menuitem', { name: /^JSON/ }));
    const failed = await screen.findByText(/^The download failed: /, undefined, { timeout: 10000 });
    expect(failed.closest('[role="alert"]')).not.toBeNull();
    expect(files).toHaveLength(0);
  });

  it('downloads the whole history, every page, as JSON', async () => {
    const files = captureDownloads();
    const many = Array.from({ length: 130 }, (_, i) => ({ ...OLDER, _id: `r-${i}` }));
    const list = listRoute((query) => {
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      return listReply(many.slice((page - 1) * limit, page * limit), many.length);
    });
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': list.reply });
    const { user } = renderResults();
    await screen.findByText('1–20 of 130');
    await user.click(screen.getByRole('button', { name: 'Download history' }));
    await user.click(await screen.findByRole('menuitem', { name: /^JSON/ }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('visus-results-2026-11-22.json');
    const body = JSON.parse(await readText(files[0]!.blob)) as { results: { _id: string }[] };
    expect(body.results.map((r) => r._id)).toEqual(many.map((r) => r._id));
    const full = list.queries
      .filter((query) => query.get('limit') === '100')
      .map((query) => query.get('page'));
    expect(full).toEqual(expect.arrayContaining(['1', '2']));
  });

  it('flags a change beyond the test’s repeatability under the chart', async () => {
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': listReply([NEWER, OLDER]) });
    renderResults();
    const trend = await screen.findByRole('figure', { name: 'Sloan' });
    // Right eye 0.50 → 0.30: 0.20 > 0.15, flagged; left 0.12 → 0.10 is within repeatability.
    const flags = within(await within(trend).findByRole('list', { name: 'Sloan changes' })).getAllByRole(
      'listitem',
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]).toHaveTextContent(
      `Right eye better on ${shortDay(NEWER.setup.date)}: 0.50 → 0.30 logMAR (6/19 → 6/12), a change of 0.20, more than the Sloan test’s repeatability of ±0.15.`,
    );
  });

  it('names Astigmatism Power a grating acuity in the list, the trend and its change flag (issue 17)', async () => {
    const power = (day: string, right: number): StoredResult => {
      const base = storedResult({ day });
      return {
        ...base,
        setup: { ...base.setup, singleTest: 'astigPower' },
        data: {
          ...base.data,
          sloan: undefined,
          astigPower: { right: { va: right, rounds: 20, loopLength: 20 } },
        },
      };
    };
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests/results': listReply([power('2026-11-20', 0.3), power('2026-10-01', 0.5)]),
    });
    renderResults();
    const rows = await shownRows('Results');
    expect(rows[1]).toHaveTextContent('R grating acuity 0.30 logMAR (6/12 equivalent)');
    const trend = await screen.findByRole('figure', { name: 'Astigmatism Power: grating acuity (logMAR)' });
    const flags = within(
      await within(trend).findByRole('list', { name: 'Astigmatism Power changes' }),
    ).getAllByRole('listitem');
    expect(flags[0]).toHaveTextContent('0.50 → 0.30 logMAR (6/19 equivalent → 6/12 equivalent)');
    expect(trend).not.toHaveTextContent(/dioptre/);
  });

  it('shows a bound as a bound in the list, the trend and its change flag (docs/adr/0010)', async () => {
    // Right eye "0.50 or better" in October, then measured at 0.90 in November: worse by at least 0.40.
    const bound = boundResult('2026-10-01');
    const later = boundResult('2026-11-20');
    later.data.landoltC = { right: { va: 0.9, rounds: 20, loopLength: 30, logMAR: 0.9, ci95: [0.8, 1] } };
    mockApi({ 'GET /auth/current': currentUserReply(), 'GET /tests/results': listReply([later, bound]) });
    renderResults();
    const rows = await shownRows('Results');
    expect(rows[2]).toHaveTextContent('R 6/19 or better (0.50 logMAR or better)');
    expect(rows[2]).toHaveTextContent('L 6/7.5 (0.10 logMAR)');
    const trend = await screen.findByRole('figure', { name: 'Landolt C' });
    const flags = within(await within(trend).findByRole('list', { name: 'Landolt C changes' })).getAllByRole(
      'listitem',
    );
    expect(flags).toHaveLength(1);
    expect(flags[0]).toHaveTextContent(
      `Right eye worse on ${shortDay(later.setup.date)}: 0.50 logMAR or better → 0.90 logMAR (6/19 or better → 6/48), a change of at least 0.40, more than the Landolt C test’s repeatability of ±0.15.`,
    );
    expect(
      screen.getByText(/An open marker with an arrow is a bound.*The line joins measured values only/),
    ).toBeInTheDocument();
  });

  it('explains a bound in the report, and not for a result without one', async () => {
    const result = boundResult();
    mockApi({
      'GET /auth/current': currentUserReply(),
      [`GET /tests/results/${result._id}`]: json(200, { success: true, data: result }),
    });
    renderResults(`/user/results?id=${result._id}`);
    const landolt = await screen.findByRole('table', { name: 'Landolt C' });
    expect(within(landolt).getByRole('rowheader', { name: 'Why a bound' })).toBeInTheDocument();
    expect(
      screen.getByText(/“Or better” means the eye read the smallest line this screen could draw/),
    ).toBeInTheDocument();
  });

  it('shows an admin their own results under /admin/results', async () => {
    const list = listRoute(() => listReply([NEWER]));
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ role: 'admin' })),
      'GET /tests/results': list.reply,
    });
    renderResults('/admin/results', 'admin');
    expect(await screen.findByText('My Results')).toBeInTheDocument();
    const open = await screen.findByRole('link', { name: `Open result of ${dateTime(NEWER.setup.date)}` });
    expect(open.getAttribute('href')).toBe(`/admin/results?id=${NEWER._id}`);
  });
});
