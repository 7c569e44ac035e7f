import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { API_BASE } from '@visus/contracts';
import { useT } from '@/lib/i18n/i18n';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ResultPrintStyles } from './print-styles';
import { ReportLetterhead } from './report-header';
import { dateTime, takenAt } from './result-format';
import { ResultReport } from './result-report';
import { useSharedResultQuery } from './share-links-api';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

/** Why, as a sentence: the server's one refusal says the same (contracts SHARE_LINK_UNAVAILABLE). */

/** The refusal of a link that does not work: the one message, whatever the reason (docs/security.md). */
function LinkDoesNotWork() {
  const t = useT();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="link-off-heading"
      sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 640 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <LinkOffIcon color="warning" aria-hidden />
        <Typography id="link-off-heading" variant="h5" component="h1">
          {t('results.shared.notWorking')}
        </Typography>
      </Stack>
      {/* Contracts' SHARE_LINK_UNAVAILABLE_REASON, capitalised, in the reader's language. */}
      <Typography>{t('results.shared.reason')}</Typography>
      <Typography sx={{ mt: 1 }} color="text.secondary">
        {t('results.shared.askAgain')}
      </Typography>
    </Paper>
  );
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * /shared/:token (issue 19 item 5): the one result a share link opens, signed out — its report, the
 * printable version and the FHIR/CSV files, nothing else. A link that expired, was revoked or never
 * existed shows the one clear message.
 */
export function SharedPage() {
  const t = useT();
  const { token = '' } = useParams();
  const { data, error, isLoading, refetch } = useSharedResultQuery(token);

  if (error && !isLoading)
    return isNotFound(error) ? (
      <LinkDoesNotWork />
    ) : (
      <Box sx={{ maxWidth: 640 }}>
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      </Box>
    );
  if (!data)
    return (
      <LoadingPlaceholder spacing={2} label={t('results.shared.loading')} sx={{ maxWidth: 1100 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={140} />
        ))}
      </LoadingPlaceholder>
    );

  const { result, person, expiresAt } = data;
  const file = (format: 'fhir' | 'csv') =>
    `${API_BASE}/shared/${encodeURIComponent(token)}/export?format=${format}`;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <ResultPrintStyles />
      <ReportLetterhead result={result} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }} data-print="hide">
            {t('results.shared.overline')}
          </Typography>
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' }, '@media print': { fontSize: '16pt' } }}
          >
            {t('results.detail.titleOf', { date: dateTime(takenAt(result)) })}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }} data-print="hide">
            {t('results.shared.intro', { name: person.name, date: dateTime(expiresAt) })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} data-print="hide" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('results.detail.print')}
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} href={file('fhir')} download>
            FHIR R4 Bundle
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} href={file('csv')} download>
            CSV
          </Button>
        </Stack>
      </Box>
      <ResultReport result={result} person={person} />
    </Stack>
  );
}
