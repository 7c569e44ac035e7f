import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { VisusServer } from './support/visus-server';
import { calibrate } from './support/people';
import { screenshotter } from './support/screens';

/**
 * Issue 7's "What a person can do": two Sloan results stored through the real API, then on /user/results
 * the trend chart flags the right eye's change (beyond the test's repeatability), a result opens with its
 * notations, its CSV downloads with the stored figures, and the print layout shows only the report.
 * Issue 24: the CSV is a machine format no spreadsheet misreads (durations in seconds, Snellen 6⁄7.5 with
 * a fraction slash, the patient named) and the .xlsx has typed cells; both are read back cell by cell.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const DAY_MS = 86_400_000;

/** A Sloan result taken `daysAgo` days ago, 6 minutes 40 seconds long. */
function sloanRecord(daysAgo: number, right: number, left: number) {
  const start = Date.now() - daysAgo * DAY_MS;
  return {
    setup: {
      date: new Date(start).toISOString(),
      units: 'm',
      correction: 'None',
      testMode: true,
      singleTest: 'sloan',
    },
    data: {
      start,
      end: start + 400_000,
      sloan: {
        right: { va: right, rounds: 24, loopLength: 30, ci95: [right - 0.1, right + 0.1] },
        left: { va: left, rounds: 22, loopLength: 30, ci95: [left - 0.08, left + 0.08] },
      },
    },
  };
}

async function store(request: APIRequestContext, token: string, record: unknown): Promise<string> {
  const response = await request.put(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
    data: record,
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { _id: string } };
  return body.data._id;
}

test('a person sees their results over time, opens one, downloads its CSV and prints it', async ({
  page,
}, testInfo) => {
  const shot = screenshotter(page, testInfo);
  const registered = await page.request.post(`${server.url}/api/v1/auth/register`, {
    data: {
      name: 'Ada Lovelace',
      email: `ada.${Date.now()}@example.org`,
      password: 'results please 123',
      dob: '1985-12-10',
    },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  // Right eye 0.40 → 0.10 logMAR (better by 0.30, beyond Sloan's ±0.15); left 0.10 → 0.12 (within it).
  await store(page.request, token, sloanRecord(30, 0.4, 0.1));
  const newestRecord = sloanRecord(1, 0.1, 0.12);
  const newest = await store(page.request, token, newestRecord);

  // Screen and colour calibrated (not the optical history): the dashboard keeps only that step.
  await calibrate(page, server, token);
  await page.goto(`${server.url}/user/dashboard`);
  const left = page.getByRole('region', { name: 'Before your next test' });
  await expect(left.getByRole('heading', { level: 3 })).toHaveText(['Optical history']);
  await expect(page.getByRole('list', { name: 'Your set-up' }).getByRole('link')).toHaveText([
    'Screen calibrated',
    'Colour calibrated',
  ]);
  await shot('dashboard-set-up');

  // Where a finished test lands: the newest result opens, and the URL no longer says redirect.
  await page.goto(`${server.url}/user/results?redirect=latest`);
  await expect(page).toHaveURL(new RegExp(`/user/results\\?id=${newest}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Test of / })).toBeVisible();

  await page.getByRole('link', { name: 'All results' }).click();
  await expect(page).toHaveURL(/\/user\/results$/);
  const table = page.getByRole('table', { name: 'Results' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('R 6/7.5 (0.10 logMAR)');
  await expect(table.getByRole('row').nth(2)).toContainText('R 6/15 (0.40 logMAR)');
  // Each row opens with the plain verdict per eye (ADR 0014), at the person's age (about 40).
  await expect(table.getByRole('row').nth(1).getByRole('list', { name: 'In short' })).toContainText(
    'Right eye 6/7.5: below the normal range for your age: an eye test may help',
  );
  await expect(table.getByRole('row').nth(2).getByRole('list', { name: 'In short' })).toContainText(
    "Right eye 6/15: below the driving standard's line (6/12): see an optometrist (close to that line)",
  );

  const chart = page.getByRole('figure', { name: 'Sloan' });
  await expect(chart.getByRole('img', { name: 'Sloan acuity over time' })).toBeVisible();
  await expect(chart.locator('[data-flag="right-better"]')).toHaveCount(1);
  await expect(chart.getByRole('list', { name: 'Sloan changes' }).getByRole('listitem')).toHaveText([
    /Right eye better on .*: 0\.40 → 0\.10 logMAR \(6\/15 → 6\/7\.5\), a change of 0\.30, more than the Sloan test’s repeatability of ±0\.15\./,
  ]);
  await shot('results-list-with-chart');

  await table
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: /^Open result of / })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?id=${newest}$`));
  const sloan = page.getByRole('table', { name: 'Sloan' });
  await expect(sloan.getByRole('row', { name: /^Snellen \(6 m\)/ })).toContainText('6/7.5');
  await expect(sloan.getByRole('row', { name: /^95 % interval \(logMAR\)/ })).toContainText('0.00 to 0.20');
  await expect(sloan.getByRole('row', { name: /^95 % interval \(decimal\)/ })).toContainText('0.63 to 1.0');
  await expect(page.getByRole('region', { name: 'Setup and timing' })).toContainText('00:06:40');
  const inShort = page.getByRole('region', { name: 'In short' });
  await expect(inShort.getByRole('listitem').first()).toContainText(
    'Right eye 6/7.5: below what healthy eyes',
  );
  await inShort.getByText('How this is decided').click();
  await expect(inShort).toContainText('WHO ICD-11');
  await shot('result-detail');

  await page.getByRole('button', { name: 'Download' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /^CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^visus-result-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  const header = csv[0]!.split(',');
  const rows = csv
    .slice(1, -1)
    .map((line) => Object.fromEntries(line.split(',').map((cell, i) => [header[i], cell])));
  expect(csv.at(-1)).toBe('');
  expect(rows).toHaveLength(2);
  // Every cell of both rows (issue 24): numbers with a dot, ISO instants, whole seconds, Snellen with
  // U+2044 so no spreadsheet makes it a date, and whose results these are.
  const startIso = new Date(newestRecord.data.start).toISOString();
  const endIso = new Date(newestRecord.data.end).toISOString();
  const empty = Object.fromEntries(header.map((column) => [column, '']));
  const common = {
    ...empty,
    resultId: newest,
    date: startIso,
    units: 'm',
    correction: 'None',
    testMode: 'true',
    test: 'sloan',
    rounds: '24',
    loopLength: '30',
    start: startIso,
    end: endIso,
    durationSeconds: '400',
    measure: 'visual acuity',
    correctionChoice: 'none',
    patientName: 'Ada Lovelace',
    patientBirthDate: '1985-12-10',
    // Saved through the API without `crowded` or `viewing`, as an older record is.
    crowding: 'not recorded',
  };
  expect(rows[0]).toEqual({
    ...common,
    eye: 'right',
    logMAR: '0.10',
    ci95Low: '0.00',
    ci95High: '0.20',
    snellen6m: '6\u20447.5',
    snellen20ft: '20\u204425',
    decimal: '0.79',
    result: '6/7.5 (0.10 logMAR)',
  });
  expect(rows[1]).toEqual({
    ...common,
    eye: 'left',
    logMAR: '0.12',
    ci95Low: '0.04',
    ci95High: '0.20',
    snellen6m: '6\u20447.5',
    snellen20ft: '20\u204425',
    decimal: '0.76',
    rounds: '22',
    result: '6/7.5 (0.12 logMAR)',
  });

  // The .xlsx of the same result: typed cells that say what the CSV says, read back one by one.
  await page.getByRole('button', { name: 'Download' }).click();
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /^Excel/ }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/^visus-result-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const bytes = fs.readFileSync(await xlsxDownload.path());
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = workbook.getWorksheet('Results')!;
  expect(sheet.rowCount).toBe(3);
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
  const V = ExcelJS.ValueType;
  const excelDay0 = Date.UTC(1899, 11, 30);
  /** A typed cell in the CSV's words, after checking that its type fits its column. */
  const asCsv = (column: string, cell: ExcelJS.Cell): string => {
    if (cell.type === V.Null) return '';
    if (column === 'durationSeconds') {
      expect(cell.numFmt).toBe('[h]:mm:ss'); // a duration: Excel's fraction of a day
      return String(((cell.value as Date).getTime() - excelDay0) / 1000);
    }
    if (['date', 'start', 'end'].includes(column)) {
      expect(cell.type).toBe(V.Date);
      return (cell.value as Date).toISOString();
    }
    if (column === 'patientBirthDate') {
      expect(cell.type).toBe(V.Date);
      return (cell.value as Date).toISOString().slice(0, 10);
    }
    if (column.startsWith('snellen')) {
      expect(cell.type).toBe(V.String); // text "6/7.5": a spreadsheet shows it as it is
      return (cell.value as string).replace('/', '\u2044');
    }
    if (['logMAR', 'ci95Low', 'ci95High', 'decimal', 'rounds', 'loopLength'].includes(column)) {
      expect(cell.type).toBe(V.Number);
      const decimals = cell.numFmt?.split('.')[1]?.length ?? 0;
      return (cell.value as number).toFixed(decimals);
    }
    if (column === 'testMode') {
      expect(cell.type).toBe(V.Boolean);
      return String(cell.value);
    }
    expect(cell.type).toBe(V.String);
    return cell.value as string;
  };
  for (const [i, row] of rows.entries()) {
    const xlsxRow = sheet.getRow(i + 2);
    const read = Object.fromEntries(
      header.map((column, c) => [column, asCsv(column, xlsxRow.getCell(c + 1))]),
    );
    expect(read).toEqual(row);
  }
  expect(sheet.getRow(2).getCell(header.indexOf('snellen6m') + 1).value).toBe('6/7.5');

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print report' })).toBeHidden();
  await expect(page.getByText('Visus eye test report')).toBeVisible();
  await shot('result-print');
  await page.emulateMedia({ media: 'screen' });

  // On a phone the list becomes cards, each opening its result.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'All results' }).click();
  const cards = page.getByRole('list', { name: 'Results' });
  const opens = cards.getByRole('link', { name: /^Open result of / });
  await expect(opens).toHaveCount(2);
  await expect(opens.first()).toContainText('R 6/7.5 (0.10 logMAR)');
  await shot('results-list-phone');
});
