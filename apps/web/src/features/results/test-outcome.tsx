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
  duochromeCounts,
  type AcuityMeasure,
  type AcuityNotations,
  type StoredAcuity,
  type TestId,
  type AcuityCrowding,
} from '@visus/core';
import { diamondRows, spokeCircleRows, spokeEllipseRows } from './outcome-rows';
import { takenCrowded, testName } from './result-format';
import { ScrollRegion } from '@/components/scroll-region';
import { t, useT, type MessageId } from '@/lib/i18n/i18n';
import { localDioptres } from '@/lib/i18n/numbers';
import {
  axisAnswerWords,
  axisWords,
  boundReasonWords,
  duochromeAnswerWords,
  duochromeWords,
  intervalWords,
  localNumber,
  notationWords,
  qualifiedWords,
  readingDistanceWords,
  viewingWords,
} from './result-words';

type Data = StoredResult['data'];
type Eye = 'right' | 'left';
const EYES: readonly Eye[] = ['right', 'left'];
const EYE_LABEL = { right: 'results.eye.right', left: 'results.eye.left' } as const satisfies Record<
  Eye,
  MessageId
>;

/** A row of the outcome table: what was measured and the value per column. */
interface Row {
  label: string;
  values: ReactNode[];
}

const DASH = '—';
/** A number to at most `digits` decimals, trailing zeros dropped. */
const num = (value: number, digits = 1) => String(Number(value.toFixed(digits)));
const degrees = (value: number) => `${localNumber(num(value))}°`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const CROWDING_TEXT = {
  crowded: 'results.outcome.crowded',
  uncrowded: 'results.outcome.uncrowded',
  'not recorded': 'results.outcome.crowdingNotRecorded',
} as const satisfies Record<AcuityCrowding, MessageId>;

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
  // logMAR and decimal in the reader's language (0,80), Snellen as it is; a bound's "or better" after each.
  const each = (pick: (n: AcuityNotations['text']) => string) =>
    notations.map((n) => (n ? qualifiedWords(n, pick(notationWords(n.text))) : DASH));
  const interval = (pick: (text: AcuityNotations['text']) => string) =>
    notations.map((n) =>
      n?.interval ? pick(intervalWords(n.interval)) : n?.bound ? t('results.outcome.noInterval') : DASH,
    );
  const asEquivalentWords = (text: string) =>
    measure.equivalent ? t('results.figure.equivalent', { value: text }) : text;
  const equivalent = (label: MessageId) => asEquivalentWords(t(label));
  const rows: Row[] = [
    {
      label: measure.equivalent ? t('results.outcome.gratingLogMar') : measure.logMarLabel,
      values: each((n) => n.logMAR),
    },
    { label: equivalent('results.outcome.snellen6'), values: each((n) => asEquivalentWords(n.snellen6)) },
    { label: equivalent('results.outcome.snellen20'), values: each((n) => asEquivalentWords(n.snellen20)) },
    { label: equivalent('results.outcome.decimal'), values: each((n) => n.decimal) },
  ];
  if (notations.some((n) => n?.interval || n?.bound)) {
    rows.push(
      // Each written low to high by core's notation rule (intervalText).
      { label: t('results.outcome.intervalLogMar'), values: interval((i) => i.logMAR) },
      {
        label: equivalent('results.outcome.intervalSnellen'),
        values: interval((i) => `${i.snellen6} (${i.snellen20})`),
      },
      { label: equivalent('results.outcome.intervalDecimal'), values: interval((i) => i.decimal) },
    );
  }
  if (notations.some((n) => n?.bound)) {
    rows.push({
      label: t('results.outcome.whyBound'),
      values: notations.map((n) =>
        n?.bound
          ? t('results.outcome.boundWhy', {
              value: localNumber(n.text.logMAR),
              reason: boundReasonWords(n.bound),
            })
          : DASH,
      ),
    });
  }
  if (measure.crowdable) {
    // SPEC.md §3 crowding: how the letters were shown; records stored before it was kept say so.
    rows.push({
      label: t('results.outcome.letters'),
      values: EYES.map((eye) =>
        perEye[eye] === undefined ? DASH : t(CROWDING_TEXT[acuityCrowding(perEye[eye])]),
      ),
    });
  }
  if (notations.some((n) => n?.rounds !== null && n?.rounds !== undefined)) {
    rows.push({
      label: t('results.outcome.trials'),
      values: notations.map((n) =>
        n && n.rounds !== null
          ? t('results.outcome.trialsOf', { rounds: n.rounds, total: n.loopLength ?? DASH })
          : DASH,
      ),
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
      // The balance first, in words (core duochromeMeaning: duochromeWords), then the answers as given.
      return [
        {
          label: t('results.outcome.finding'),
          values: per(data.duoChrome, (a) => duochromeWords(a).title),
        },
        {
          label: t('results.outcome.meaning'),
          values: per(data.duoChrome, (a) => duochromeWords(a).meaning),
        },
        {
          label: t('results.outcome.sharperSide'),
          values: per(data.duoChrome, (a) =>
            a.length
              ? a.map((answer) => capital(duochromeAnswerWords(answer))).join(', ')
              : t('results.outcome.noAnswer'),
          ),
        },
        {
          label: t('results.outcome.count'),
          values: per(data.duoChrome, (a) => {
            const { red, green, same } = duochromeCounts(a);
            return t('results.outcome.counts', { red, green, same });
          }),
        },
      ];
    case 'astigAxis':
      // The finding first, in words (core axisFindingText: axisWords; an older record without one says
      // so), then the stored fields: the endpoint is where the search ended, an axis only when the finding
      // says so.
      return [
        { label: t('results.outcome.finding'), values: per(data.astigAxis, (r) => axisWords(r).title) },
        {
          label: t('results.outcome.meaning'),
          values: per(data.astigAxis, (r) => axisWords(r).meaning),
        },
        {
          label: t('results.outcome.searchEndpoint'),
          values: per(data.astigAxis, (r) => degrees(r.endpoint)),
        },
        {
          label: t('results.outcome.firstResponse'),
          values: per(data.astigAxis, (r) =>
            r.firstResponseKey ? axisAnswerWords(r.firstResponseKey) : DASH,
          ),
        },
        {
          label: t('results.outcome.secondResponse'),
          values: per(data.astigAxis, (r) =>
            r.secondResponseKey ? axisAnswerWords(r.secondResponseKey) : DASH,
          ),
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
          <TableCell sx={{ fontWeight: 700, width: '34%' }}>{t('results.outcome.measure')}</TableCell>
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
  const t = useT();
  const name = testName(test);
  const stereo = result.data.presbyopia?.stereo;
  // What a grating acuity is (Astigmatism Power keeps its name but measures no dioptres).
  const measureNote = test === 'astigPower' ? t('results.outcome.gratingNote') : null;
  const table =
    test === 'presbyopia' ? (
      <OutcomeTable
        caption={name}
        columns={[t('results.eye.both')]}
        rows={[
          { label: t('results.outcome.readingAdd'), values: [stereo ? localDioptres(stereo.add) : DASH] },
          // Records that keep the distance are Visus's own, whose answer is the distance prescription; what
          // an older record's answer meant is not known, so it is shown as it was stored.
          stereo?.distance === undefined
            ? {
                label: t('results.outcome.answer'),
                values: [stereo ? localNumber(num(stereo.answer, 2)) : DASH],
              }
            : { label: t('results.outcome.distancePrescription'), values: [localDioptres(stereo.answer)] },
          // The add's other inputs (core presbyopiaAdd); records stored before they were kept show a dash.
          {
            label: t('results.outcome.readingDistance'),
            values: [stereo?.distance === undefined ? DASH : readingDistanceWords(stereo.distance)],
          },
          {
            label: t('results.outcome.ageUsed'),
            values: [stereo?.age === undefined ? DASH : t('results.outcome.years', { age: stereo.age })],
          },
        ]}
      />
    ) : (
      <OutcomeTable
        caption={name}
        columns={EYES.map((eye) => t(EYE_LABEL[eye]))}
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
        {takenCrowded(result.data, test) && ` ${t('results.crowded')}`}
      </Typography>
      {/* How the distance was known (issue 18); older records say "not recorded". */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="viewing">
        {viewingWords(result.data[test]?.viewing)}
      </Typography>
      {measureNote && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {measureNote}
        </Typography>
      )}
      {/* Only the table scrolls sideways in a narrow window; the text above reflows (issue 25). */}
      <ScrollRegion label={t('results.outcome.figures', { name })}>{table}</ScrollRegion>
    </Paper>
  );
}
