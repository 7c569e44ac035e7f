import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccessAction } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import {
  useGetSharingQuery,
  useShareWithClinicMutation,
  useStopSharingWithClinicMutation,
} from '@/lib/sharing/sharing-api';
import { currentLanguage, useAreaWords, useT, type MessageId } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/clinic-messages';
import { LoadErrorAlert } from './load-error-alert';
import { formatDate, MEDIUM_DATE_TIME } from '@/lib/i18n/dates';
import { LoadingPlaceholder } from './loading-placeholder';

/** One line of the log: when, who and what ("{when}: {name} opened your results"). */
const ACTION_TEXT: Record<AccessAction, MessageId> = {
  'patient-list': 'clinic.action.patient-list',
  'review-queue': 'clinic.action.review-queue',
  results: 'clinic.action.results',
  review: 'clinic.action.review',
  'share-link-view': 'clinic.action.share-link-view',
  'share-link-fhir': 'clinic.action.share-link-fhir',
  'share-link-csv': 'clinic.action.share-link-csv',
};

const when = (iso: string) => formatDate(iso, currentLanguage(), MEDIUM_DATE_TIME);

/** How many log entries the card lists before "Show all". */
const SHORT_LOG = 5;

/**
 * Sharing with the clinic (issue 19): the patient's consent, given or withdrawn here (Results and
 * Profile), and every clinician view of their data and every opening of their share links, newest first. Withdrawing takes effect at once.
 */
export function ClinicSharingCard() {
  const t = useT();
  // Its words are the clinic area's: on a screen of another area (Results) they download with the card.
  const words = useAreaWords('clinic');
  // Views and link openings happen elsewhere: ask the server each time the card is shown.
  const { data, error, isLoading, refetch } = useGetSharingQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [share, sharing] = useShareWithClinicMutation();
  const [stop, stopping] = useStopSharingWithClinicMutation();
  const [showAll, setShowAll] = useState(false);

  // Until the clinic area's words are here, the placeholder has no name to give (a key is no name).
  if (isLoading || !words)
    return words ? (
      <LoadingPlaceholder label={t('clinic.sharing.loading')}>
        <Skeleton variant="rounded" height={120} />
      </LoadingPlaceholder>
    ) : (
      <Skeleton variant="rounded" height={120} aria-hidden />
    );
  if (error || !data) return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;

  const failure = sharing.error ?? stopping.error;
  const log = showAll ? data.accessLog : data.accessLog.slice(0, SHORT_LOG);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="clinic-sharing" sx={{ p: 2 }}>
      <Typography id="clinic-sharing" variant="h6" component="h2">
        {t('clinic.sharing.title')}
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {data.clinic.shared ? (
          <Typography>{t('clinic.sharing.shared', { date: when(data.clinic.since!) })}</Typography>
        ) : (
          <Typography>{t('clinic.sharing.notShared')}</Typography>
        )}
        {failure !== undefined && (
          <Alert severity="error">{translateServerMessage(errorMessage(failure))}</Alert>
        )}
        <div>
          {data.clinic.shared ? (
            <Button
              variant="outlined"
              color="warning"
              disabled={stopping.isLoading}
              onClick={() => void stop()}
            >
              {t('clinic.sharing.stop')}
            </Button>
          ) : (
            <Button variant="contained" disabled={sharing.isLoading} onClick={() => void share()}>
              {t('clinic.sharing.share')}
            </Button>
          )}
        </div>
        <Typography variant="subtitle2" component="h3">
          {t('clinic.sharing.whoViewed')}
        </Typography>
        {data.accessLog.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('clinic.sharing.noViews')}
          </Typography>
        ) : (
          <Stack component="ul" aria-label={t('clinic.sharing.views')} sx={{ m: 0, pl: 2.5 }} spacing={0.5}>
            {log.map((entry, i) => (
              <Typography component="li" variant="body2" key={`${entry.at}-${i}`}>
                {t(ACTION_TEXT[entry.action], { when: when(entry.at), name: entry.clinicianName })}
              </Typography>
            ))}
          </Stack>
        )}
        {!showAll && data.accessLog.length > SHORT_LOG && (
          <div>
            <Button size="small" onClick={() => setShowAll(true)}>
              {t('clinic.sharing.showAll', { count: data.accessLog.length })}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
