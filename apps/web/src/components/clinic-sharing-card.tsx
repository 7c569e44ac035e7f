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
import { LoadErrorAlert } from './load-error-alert';

const ACTION_TEXT: Record<AccessAction, string> = {
  'patient-list': 'saw you in the patient list (name, age, latest acuity)',
  'review-queue': 'saw your results in the review queue',
  results: 'opened your results',
  review: 'reviewed a result',
  'share-link-view': 'opened a result you shared by link',
  'share-link-fhir': 'downloaded a result you shared by link (FHIR)',
  'share-link-csv': 'downloaded a result you shared by link (CSV)',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** How many log entries the card lists before "Show all". */
const SHORT_LOG = 5;

/**
 * Sharing with the clinic (issue 19): the patient's consent, given or withdrawn here (Results and
 * Profile), and every clinician view of their data and every opening of their share links, newest first. Withdrawing takes effect at once.
 */
export function ClinicSharingCard() {
  // Views and link openings happen elsewhere: ask the server each time the card is shown.
  const { data, error, isLoading, refetch } = useGetSharingQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [share, sharing] = useShareWithClinicMutation();
  const [stop, stopping] = useStopSharingWithClinicMutation();
  const [showAll, setShowAll] = useState(false);

  if (isLoading) return <Skeleton variant="rounded" height={120} aria-label="Loading sharing" />;
  if (error || !data) return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;

  const failure = sharing.error ?? stopping.error;
  const log = showAll ? data.accessLog : data.accessLog.slice(0, SHORT_LOG);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="clinic-sharing" sx={{ p: 2 }}>
      <Typography id="clinic-sharing" variant="h6" component="h2">
        Sharing with the clinic
      </Typography>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {data.clinic.shared ? (
          <Typography>
            You share all your results with the clinic’s clinicians since {when(data.clinic.since!)}. They can
            read your results and history, never change them. Stop at any time: they lose access at once.
          </Typography>
        ) : (
          <Typography>
            Not shared. If you share, every clinician of this clinic can read all your results (not change
            them) until you stop; each time one looks is listed here.
          </Typography>
        )}
        {failure !== undefined && <Alert severity="error">{errorMessage(failure)}</Alert>}
        <div>
          {data.clinic.shared ? (
            <Button
              variant="outlined"
              color="warning"
              disabled={stopping.isLoading}
              onClick={() => void stop()}
            >
              Stop sharing with the clinic
            </Button>
          ) : (
            <Button variant="contained" disabled={sharing.isLoading} onClick={() => void share()}>
              Share my results with the clinic
            </Button>
          )}
        </div>
        <Typography variant="subtitle2" component="h3">
          Who viewed your data
        </Typography>
        {data.accessLog.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No clinician has viewed your data.
          </Typography>
        ) : (
          <Stack component="ul" aria-label="Clinician views" sx={{ m: 0, pl: 2.5 }} spacing={0.5}>
            {log.map((entry, i) => (
              <Typography component="li" variant="body2" key={`${entry.at}-${i}`}>
                {when(entry.at)}: {entry.clinicianName} {ACTION_TEXT[entry.action]}
              </Typography>
            ))}
          </Stack>
        )}
        {!showAll && data.accessLog.length > SHORT_LOG && (
          <div>
            <Button size="small" onClick={() => setShowAll(true)}>
              Show all {data.accessLog.length}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
