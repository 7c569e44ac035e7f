import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { hasAcuityBound, resultTests, type ReportPerson } from '@visus/core';
import { ResultVerdictFor } from './result-verdict';
import { ReportDetails, ReportFooter } from './report-header';
import { RetestFromCloser } from './retest-from-closer';
import { SetupSummary } from './setup-summary';
import { TestOutcome } from './test-outcome';
import { useT } from '@/lib/i18n/i18n';

interface ResultReportProps {
  result: StoredResult;
  /** Whom the report is about (name, date of birth); null: not recorded; undefined: still loading. */
  person: ReportPerson | null | undefined;
  /** Offer the owner to retest from closer (not on a shared report: the reader is not the tester). */
  retest?: boolean;
  /** The clinician's review of it, shown under the verdict and printed with it (the owner's page). */
  review?: ReactNode;
}

/**
 * The report of one result, on screen and on paper: the verdict per eye, the person and test conditions,
 * the setup, every test's outcome and the closing line. The owner's result page, the page a share link
 * opens (issue 19 item 5) and the clinician's review screen (item 4, naming the patient) show the same
 * report; only the owner's page adds the review and the offer to retest.
 */
export function ResultReport({ result, person, retest = false, review }: ResultReportProps) {
  const t = useT();
  const tests = resultTests(result.data);
  return (
    <Stack spacing={3} data-print="report">
      <ResultVerdictFor result={result} dob={person?.dob ?? null} />
      {review}
      {person !== undefined && <ReportDetails result={result} person={person} />}
      <SetupSummary result={result} />
      {retest && <RetestFromCloser result={result} />}
      {tests.map((test) => (
        <TestOutcome key={test} test={test} result={result} />
      ))}
      <Typography variant="body2" color="text.secondary">
        {t('results.report.note')}
        {hasAcuityBound(result.data) && ` ${t('results.report.boundNote')}`}
      </Typography>
      <ReportFooter />
    </Stack>
  );
}
