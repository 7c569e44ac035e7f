import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { hasAcuityBound, resultTests, type ReportPerson } from '@visus/core';
import { ResultVerdict } from './result-verdict';
import { ReportDetails, ReportFooter, ReportHeader } from './report-header';
import { RetestFromCloser } from './retest-from-closer';
import { SetupSummary } from './setup-summary';
import { TestOutcome } from './test-outcome';

/**
 * The report of one result, read-only: the verdict, setup and every test's outcome per eye. The patient's
 * result page passes the clinician's review as `review` (shown under the verdict, printed with it); the
 * clinician's review screen shows the same report without it, naming the patient (`person`).
 */
export function ResultReport({
  result,
  review,
  person,
}: {
  result: StoredResult;
  review?: ReactNode;
  /** Whose result it is when that is not the signed-in person (the clinician's screen). */
  person?: ReportPerson;
}) {
  const tests = resultTests(result.data);
  return (
    <Stack spacing={3} data-print="report">
      <ResultVerdict result={result} />
      {review}
      {person ? <ReportDetails result={result} person={person} /> : <ReportHeader result={result} />}
      <SetupSummary result={result} />
      <RetestFromCloser result={result} />
      {tests.map((test) => (
        <TestOutcome key={test} test={test} result={result} />
      ))}
      <Typography variant="body2" color="text.secondary">
        logMAR 0.0 is 6/6 (20/20); lower logMAR is sharper vision. The 95 % interval is the range the true
        acuity most likely lies in.
        {hasAcuityBound(result.data) &&
          ' “Or better” means the eye read the smallest line this screen could draw at that distance, so its ' +
            'acuity is that or better but was not measured further (“or worse”: beyond the largest line); ' +
            'a bound has no 95 % interval. Testing from further away (or, for “or worse”, closer) measures it.'}
      </Typography>
      <ReportFooter />
    </Stack>
  );
}
