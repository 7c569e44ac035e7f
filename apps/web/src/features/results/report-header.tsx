import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { reportHeaderFacts, type ReportPerson } from '@visus/core';
import { useT } from '@/lib/i18n/i18n';
import { dateTime } from './result-format';
import { reportLabelWords, reportValueWords } from './report-header-words';

/** The letterhead of the printed report (hidden on screen). */
export function ReportLetterhead({ result }: { result: StoredResult }) {
  const t = useT();
  // The moment the report was opened, printed in its header.
  const [madeAt] = useState(() => Date.now());
  return (
    <Box data-print="only" sx={{ borderBottom: 2, borderColor: 'primary.main', pb: 1 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {t('results.report.letterhead')}
      </Typography>
      <Typography variant="body2">
        {t('results.report.made', { date: dateTime(madeAt), id: result._id })}
      </Typography>
    </Box>
  );
}

/**
 * Whom and what the report is about (core `reportHeaderFacts`): the person's name and date of birth (the
 * signed-in account's, or those a share link's answer names), the test's date, the correction worn, the
 * viewing distance and the screen calibration the result was measured with; "not recorded" for what an older result does not hold.
 * Shown on screen too, so a person sees what the paper will say before printing it.
 */
export function ReportDetails({ result, person }: { result: StoredResult; person: ReportPerson | null }) {
  const t = useT();
  const facts = reportHeaderFacts(result, person, dateTime);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="report-details-heading"
      data-print="section"
      data-testid="report-details"
      sx={{ p: { xs: 2, sm: 2.5 }, '@media print': { p: 1.5 } }}
    >
      <Typography id="report-details-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('results.report.details')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
          gap: 1.5,
          '@media print': { gap: 0.75, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {/* Core's facts in the reader's language (result-words.ts: its English is core's `value`). */}
        {facts.map(({ facts: fact, value }) => (
          <Box key={fact.id}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {reportLabelWords(fact)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {reportValueWords(fact, value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The report's closing line: what this screening is and is not. */
export function ReportFooter() {
  const t = useT();
  return (
    <Typography
      variant="body2"
      data-testid="report-footer"
      sx={{ fontWeight: 600, borderTop: 1, borderColor: 'divider', pt: 1 }}
    >
      {t('results.report.disclaimer')}
    </Typography>
  );
}
