import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { closerRetest, formatLogMar, routePrefix, snellenLine, type CloserRetest } from '@visus/core';
import { useAuth } from '@/lib/auth/use-auth';
import { activeCalibration } from '@/lib/settings/calibration-window';
import { useGetTestsQuery } from '@/lib/settings/settings-api';
import { testName } from './result-format';
import { localNumber, logMarWords } from './result-words';
import { t, useT } from '@/lib/i18n/i18n';

/** The acuity charts whose eye records can be bounds. */
const ACUITY_TESTS = ['sloan', 'landoltC', 'tumblingE'] as const;
const EYES = ['right', 'left'] as const;

/**
 * The part of a result this reads, structurally: `data.<sloan|landoltC|tumblingE>.<right|left>` may be a
 * bare logMAR (older records) or an eye record that may carry `censored` and `bound` (issue 16; optional
 * in the contract, and absent in records made before it).
 */
export interface AcuityDataLike {
  readonly [test: string]: unknown;
}

/** An eye whose result is "worse than" the largest level shown, with the retest that would measure it. */
export interface WorseThanEye {
  readonly test: (typeof ACUITY_TESTS)[number];
  readonly eye: (typeof EYES)[number];
  readonly bound: number;
  readonly retest: CloserRetest;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The eyes recorded as `censored: 'worse-than'` with a numeric `bound` that a retest from half the distance
 * would measure (core `closerRetest`): the distance the record keeps (`distanceMm`, issue 16), or else
 * `distanceMm`, today's calibration, for a record without one. Anything else (a value, 'better-than', a missing or malformed bound,
 * a bound at the scale's end) is left out.
 */
export function worseThanEyes(data: AcuityDataLike, distanceMm: number): WorseThanEye[] {
  const found: WorseThanEye[] = [];
  for (const test of ACUITY_TESTS) {
    for (const eye of EYES) {
      const record = field(data[test], eye);
      const bound = field(record, 'bound');
      if (field(record, 'censored') !== 'worse-than' || typeof bound !== 'number' || !Number.isFinite(bound))
        continue;
      // The distance the chart was drawn for, when the record keeps it (issue 16); else today's calibration.
      const used = field(record, 'distanceMm');
      const from = typeof used === 'number' && used > 0 && Number.isFinite(used) ? used : distanceMm;
      if (!(from > 0) || !Number.isFinite(from)) continue;
      const retest = closerRetest(bound, from);
      if (retest) found.push({ test, eye, bound, retest });
    }
  }
  return found;
}

const metres = (mm: number) => `${localNumber((mm / 1000).toFixed(2))} m`;
const level = (l: number) => `${logMarWords(formatLogMar(l))} (${snellenLine(l, 6)})`;
const orWorse = (value: string) => t('results.bound.orWorse', { value });
/** A worse-than bound by core's notation rule: its chart line is one the bound implies. */
const worseThan = (b: number) =>
  `${orWorse(logMarWords(formatLogMar(b)))} (${orWorse(snellenLine(b, 6, 'better'))})`;

interface RetestOfferProps {
  data: AcuityDataLike;
  /** The viewing distance of the screen's calibration, in mm. */
  distanceMm: number;
  /** Where the distance is set (Setup). */
  setupPath: string;
}

/**
 * Offers a retest from closer for each eye whose acuity is "X or worse": from half the distance every letter
 * subtends twice the angle, so the chart reaches 0.3 logMAR further and low vision gets a number instead of
 * a bound. Renders nothing when no eye needs it.
 */
export function RetestFromCloserOffer({ data, distanceMm, setupPath }: RetestOfferProps) {
  const t = useT();
  const eyes = worseThanEyes(data, distanceMm);
  if (eyes.length === 0) return null;
  const closer = Math.max(...eyes.map((e) => e.retest.distanceMm));
  return (
    <Alert
      severity="info"
      data-print="hide"
      data-testid="retest-from-closer"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={setupPath}>
          {t('results.retest.change')}
        </Button>
      }
    >
      <AlertTitle>{t('results.retest.title')}</AlertTitle>
      <Stack spacing={0.5}>
        {eyes.map(({ test, eye, bound, retest }) => (
          <Typography key={`${test}-${eye}`} variant="body2">
            {t('results.retest.eye', {
              test: testName(test),
              eye: t(eye === 'right' ? 'results.eye.rightLower' : 'results.eye.leftLower'),
              bound: worseThan(bound),
              distance: metres(retest.distanceMm),
              level: level(retest.ceiling),
            })}
          </Typography>
        ))}
        <Typography variant="body2">
          {t('results.retest.how', { closer: metres(closer), distance: metres(distanceMm) })}
        </Typography>
      </Stack>
    </Alert>
  );
}

/**
 * {@link RetestFromCloserOffer} for a stored result, from the screen's current calibration (the record
 * does not keep the distance it was taken at; the calibration in use is the one a retest would use).
 */
export function RetestFromCloser({ result }: { result: { readonly data: object } }) {
  const { role } = useAuth();
  const settings = useGetTestsQuery().data?.settings;
  const calibration = settings ? activeCalibration(settings) : null;
  if (!calibration) return null;
  return (
    <RetestFromCloserOffer
      data={result.data as AcuityDataLike}
      distanceMm={calibration.distanceMm}
      setupPath={`/${role ? routePrefix(role) : 'user'}/setup`}
    />
  );
}
