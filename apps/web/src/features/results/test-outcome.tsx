import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import {
  acuityCrowding,
  acuityMeasure,
  acuityNotations,
  asEquivalent,
  axisFindingText,
  duochromeMeaning,
  formatDioptres,
  qualified,
  TEST_DEFINITIONS,
  viewingText,
  type AcuityMeasure,
  type AcuityNotations,
  type StoredAcuity,
  type TestId,
  type AcuityCrowding,
} from '@visus/core';
import { diamondRows, spokeCircleRows, spokeEllipseRows } from './outcome-rows';
import { takenCrowded } from './result-format';
import { ScrollRegion } from '@/components/scroll-region';

type Data = StoredResult['data'];
type Eye = 'right' | 'left';
const EYES: readonly Eye[] = ['right', 'left'];
const EYE_LABEL: Record<Eye, string> = { right: 'Right eye', left: 'Left eye' };

/** A row of the outcome table: what was measured and the value per column. */
interface Row {
  label: string;
  values: ReactNode[];
}

const DASH = '—';
/** A number to at most `digits` decimals, trailing zeros dropped. */
const num = (value: number, digits = 1) => String(Number(value.toFixed(digits)));
const degrees = (value: number) => `${num(value)}°`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const CROWDING_TEXT: Record<AcuityCrowding, string> = {
  crowded: 'Crowded (bars around each letter)',
  uncrowded: 'Uncrowded',
  'not recorded': 'Not recorded (uncrowded)',
};

/**
 * Rows of an acuity chart (Sloan, Landolt C, Tumbling E, Astigmatism Power) in every notation. A bound
 * (core `acuityNotations(…).bound`) says "or better" / "or worse" after each notation, has no 95 %
 * interval, and a row says why it is one. Astigmatism Power's measure is a grating acuity (core
 * `acuityMeasure`): its logMAR row says so and its Snellen and decimal rows are labelled equivalents.
 */
function acuityRows(
  perEye: { right?: StoredAcuity; left?: StoredAcuity },
  measure: AcuityMeasure & { crowdable: boolean },
): Row[] {
  const notations = EYES.map((eye) => (perEye[eye] === undefined ? null : acuityNotations(perEye[eye])));
  const each = (pick: (n: AcuityNotations) => string) =>
    notations.map((n) => (n ? qualified(n, pick(n)) : DASH));
  const interval = (pick: (n: AcuityNotations['interval'] & object) => string) =>
    notations.map((n) => (n?.interval ? pick(n.interval) : n?.bound ? 'None: a bound' : DASH));
  const equivalent = (label: string) => (measure.equivalent ? `${label} equivalent` : label);
  const rows: Row[] = [
    { label: measure.logMarLabel, values: each((n) => n.text.logMAR) },
    { label: equivalent('Snellen (6 m)'), values: each((n) => asEquivalent(measure, n.text.snellen6)) },
    { label: equivalent('Snellen (20 ft)'), values: each((n) => asEquivalent(measure, n.text.snellen20)) },
    { label: equivalent('Decimal'), values: each((n) => n.text.decimal) },
  ];
  if (notations.some((n) => n?.interval || n?.bound)) {
    rows.push(
      // Each written low to high by core's notation rule (intervalText).
      { label: '95 % interval (logMAR)', values: interval((i) => i.text.logMAR) },
      {
        label: equivalent('95 % interval (Snellen)'),
        values: interval((i) => `${i.text.snellen6} (${i.text.snellen20})`),
      },
      { label: equivalent('95 % interval (decimal)'), values: interval((i) => i.text.decimal) },
    );
  }
  if (notations.some((n) => n?.bound)) {
    rows.push({
      label: 'Why a bound',
      values: notations.map((n) =>
        n?.bound
          ? `${n.text.logMAR} logMAR is ${n.bound.reason}: the acuity was not measured beyond it`
          : DASH,
      ),
    });
  }
  if (measure.crowdable) {
    // SPEC.md §3 crowding: how the letters were shown; records stored before it was kept say so.
    rows.push({
      label: 'Letters',
      values: EYES.map((eye) =>
        perEye[eye] === undefined ? DASH : CROWDING_TEXT[acuityCrowding(perEye[eye])],
      ),
    });
  }
  if (notations.some((n) => n?.rounds !== null && n?.rounds !== undefined)) {
    rows.push({
      label: 'Trials',
      values: notations.map((n) => (n && n.rounds !== null ? `${n.rounds} of ${n.loopLength}` : DASH)),
    });
  }
  return rows;
}

/** Rows per eye of the other tests (SPEC.md §3 Results). */
function eyeRows(test: TestId, data: Data): Row[] {
  const per = <T,>(value: { right?: T; left?: T } | undefined, pick: (v: T) => ReactNode) =>
    EYES.map((eye) => (value?.[eye] === undefined ? DASH : pick(value[eye])));
  switch (test) {
    case 'sloan':
    case 'landoltC':
    case 'tumblingE':
    case 'astigPower':
      return acuityRows(data[test] ?? {}, { ...acuityMeasure(test), crowdable: test !== 'astigPower' });
    case 'duoChrome':
      // The balance first, in words (core duochromeMeaning), then the answers as given.
      return [
        { label: 'Finding', values: per(data.duoChrome, (a) => duochromeMeaning(a).title) },
        { label: 'What it means', values: per(data.duoChrome, (a) => duochromeMeaning(a).meaning) },
        {
          label: 'Sharper side, in order',
          values: per(data.duoChrome, (a) => (a.length ? a.map(capital).join(', ') : 'No answer')),
        },
        {
          label: 'Count',
          values: per(data.duoChrome, (a) => {
            const { red, green, same } = duochromeMeaning(a).counts;
            return `Red ${red} · Green ${green} · Same ${same}`;
          }),
        },
      ];
    case 'astigAxis':
      // The finding first, in words (core axisFindingText: an older record without one says so), then
      // the stored fields: the endpoint is where the search ended, an axis only when the finding says so.
      return [
        { label: 'Finding', values: per(data.astigAxis, (r) => axisFindingText(r).title) },
        { label: 'What it means', values: per(data.astigAxis, (r) => axisFindingText(r).meaning) },
        { label: 'Search endpoint', values: per(data.astigAxis, (r) => degrees(r.endpoint)) },
        {
          label: 'First response',
          values: per(data.astigAxis, (r) => (r.firstResponseKey ? capital(r.firstResponseKey) : DASH)),
        },
        {
          label: 'Second response',
          values: per(data.astigAxis, (r) => (r.secondResponseKey ? capital(r.secondResponseKey) : DASH)),
        },
      ];
    case 'spokeCircle':
      return spokeCircleRows(data.spokeCircle);
    case 'spokeEllipse':
      return spokeEllipseRows(data.spokeEllipse);
    case 'diamond':
      return diamondRows(data.diamond);
    case 'presbyopia':
      return [];
  }
}

function OutcomeTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: Row[] }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 700, width: '34%' }}>Measure</TableCell>
          {columns.map((column) => (
            <TableCell key={column} sx={{ fontWeight: 700 }}>
              {column}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            {row.values.map((value, index) => (
              <TableCell key={columns[index]} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One test's outcome per eye, in the notations people know (SPEC.md §3 Results). */
export function TestOutcome({ test, result }: { test: TestId; result: StoredResult }) {
  const name = TEST_DEFINITIONS[test].name;
  const stereo = result.data.presbyopia?.stereo;
  // What a grating acuity is (Astigmatism Power keeps its name but measures no dioptres).
  const measureNote = test === 'astigPower' ? acuityMeasure(test).description : null;
  const table =
    test === 'presbyopia' ? (
      <OutcomeTable
        caption={name}
        columns={['Both eyes']}
        rows={[
          { label: 'Reading add', values: [stereo ? formatDioptres(stereo.add) : DASH] },
          // Records that keep the distance are Visus's own, whose answer is the distance prescription; what
          // an older record's answer meant is not known, so it is shown as it was stored.
          stereo?.distance === undefined
            ? { label: 'Answer', values: [stereo ? num(stereo.answer, 2) : DASH] }
            : { label: 'Distance prescription (sphere)', values: [formatDioptres(stereo.answer)] },
          // The add's other inputs (core presbyopiaAdd); records stored before they were kept show a dash.
          { label: 'Reading distance', values: [stereo?.distance ?? DASH] },
          { label: 'Age used', values: [stereo?.age === undefined ? DASH : `${stereo.age} years`] },
        ]}
      />
    ) : (
      <OutcomeTable
        caption={name}
        columns={EYES.map((eye) => EYE_LABEL[eye])}
        rows={eyeRows(test, result.data)}
      />
    );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={name}
      data-print="section"
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {name}
        {takenCrowded(result.data, test) && ' (crowded)'}
      </Typography>
      {/* How the distance was known (issue 18); older records say "not recorded". */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="viewing">
        {capital(viewingText(result.data[test]?.viewing))}.
      </Typography>
      {measureNote && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {measureNote}
        </Typography>
      )}
      {/* Only the table scrolls sideways in a narrow window; the text above reflows (issue 25). */}
      <ScrollRegion label={`${name} figures`}>{table}</ScrollRegion>
    </Paper>
  );
}
