import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StoredResult } from '@visus/contracts';
import { resultVerdicts, type EyeVerdict, type VerdictAdvice } from '@visus/core';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { useT, type MessageId } from '@/lib/i18n/i18n';
import { testName } from './result-format';
import { andList, VERDICT_SOURCE_IDS as SOURCES, verdictFigureWords, verdictWords } from './result-words';

const EYE_NAME = { right: 'results.eye.right', left: 'results.eye.left' } as const satisfies Record<
  string,
  MessageId
>;

/** An icon per advice, so the verdict is never told by colour alone (forced colours keep the shape). */
const ADVICE_ICON: Record<VerdictAdvice, { icon: typeof CheckCircleOutlineIcon; color: string }> = {
  none: { icon: CheckCircleOutlineIcon, color: 'success.main' },
  check: { icon: InfoOutlinedIcon, color: 'info.main' },
  retest: { icon: ReplayIcon, color: 'info.main' },
  see: { icon: WarningAmberIcon, color: 'warning.dark' },
  'see-soon': { icon: WarningAmberIcon, color: 'error.main' },
};

function VerdictLine({
  verdict,
  showTest,
  short = false,
}: {
  verdict: EyeVerdict;
  showTest: boolean;
  short?: boolean;
}) {
  const t = useT();
  const { icon: Icon, color } = ADVICE_ICON[verdict.advice];
  const words = verdictWords(verdict);
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      data-verdict={verdict.kind}
    >
      <Icon fontSize="small" sx={{ color, mt: '2px', flexShrink: 0 }} aria-hidden />
      <Typography component="span" variant="body2">
        <Box component="strong" sx={{ fontWeight: 700 }}>
          {t(EYE_NAME[verdict.eye])} {verdictFigureWords(verdict)}
        </Box>
        {showTest && ` (${testName(verdict.test)})`}: {short ? words.short : words.text}
      </Typography>
    </Box>
  );
}

/** How the verdict is decided, with the thresholds' sources. */
function VerdictReasons({ charts }: { charts: EyeVerdict['test'][] }) {
  const t = useT();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('results.verdict.reasons', { charts: andList(charts.map(testName)) })}
      </Typography>
      <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2.5 }}>
        {SOURCES.map((source) => (
          <Typography component="li" variant="body2" color="text.secondary" key={source}>
            {t(source)}
          </Typography>
        ))}
      </Box>
    </>
  );
}

/**
 * The plain verdict per eye that opens a result (issue 17 item 5): one sentence per eye beside the chart
 * line, then how it is decided and the sources. Nothing for a result without a letter chart.
 */
export function ResultVerdict({ result }: { result: StoredResult }) {
  const { data: user } = useCurrentUser();
  return <ResultVerdictFor result={result} dob={user?.dob ?? null} />;
}

/** {@link ResultVerdict} for a person born on `dob` (a shared report names its person, not the viewer). */
export function ResultVerdictFor({ result, dob }: { result: StoredResult; dob: string | null }) {
  const t = useT();
  const verdicts = resultVerdicts(result, dob);
  if (verdicts.length === 0) return null;
  const charts = new Set(verdicts.map((v) => v.test));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="verdict-heading"
      data-print="section"
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
    >
      <Typography id="verdict-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('results.verdict.heading')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {verdicts.map((verdict) => (
          <VerdictLine key={verdict.eye} verdict={verdict} showTest={charts.size > 1} />
        ))}
      </Box>
      {/* On screen the reasons fold away; on paper they are always printed. */}
      <Box component="details" data-print="hide" sx={{ mt: 1.5, '& summary': { cursor: 'pointer' } }}>
        <Typography component="summary" variant="body2" sx={{ fontWeight: 600 }}>
          {t('results.verdict.how')}
        </Typography>
        <VerdictReasons charts={[...charts]} />
      </Box>
      <Box data-print="only">
        <VerdictReasons charts={[...charts]} />
      </Box>
    </Paper>
  );
}

/**
 * The verdict per eye in a results list row, in a few words (the result page has the sentence): core's
 * resultVerdicts for a person born on `dob` (the list reads the signed-in person's once for all rows).
 */
export function ResultVerdictSummary({ result, dob }: { result: StoredResult; dob: string | null }) {
  const t = useT();
  const verdicts = resultVerdicts(result, dob);
  if (verdicts.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('results.verdict.heading')}
      sx={{ listStyle: 'none', m: 0, mb: 0.75, p: 0, display: 'grid', gap: 0.5 }}
    >
      {verdicts.map((verdict) => (
        <VerdictLine key={verdict.eye} verdict={verdict} showTest={false} short />
      ))}
    </Box>
  );
}
