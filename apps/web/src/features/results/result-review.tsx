import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { RECOMMENDATION_IDS, ReviewEntry, reviewedAt } from '@/components/review-entry';
import { useT } from '@/lib/i18n/i18n';
import { useResultReviewsQuery } from './results-api';

/**
 * A clinician's review of this result, on the patient's result page and in the printed report (issue 19):
 * the latest recommendation in plain words, the note, who reviewed it and when; earlier versions (an
 * edited review keeps them) fold away under it. Nothing shows for a result nobody reviewed.
 */
export function ResultReviewBlock({ resultId }: { resultId: string }) {
  const t = useT();
  const { data, error, refetch } = useResultReviewsQuery(resultId);
  // A 404 is a result that is not (or no longer) mine: the report above says so; nothing to add here.
  if (error && (error as { status?: unknown }).status !== 404)
    return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;
  const current = data?.current;
  if (!current) return null;
  const earlier = data.history.filter((review) => review._id !== current._id);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="result-review" sx={{ p: 2 }}>
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
        {t('results.review.overline')}
      </Typography>
      <Typography id="result-review" variant="h5" component="h2">
        {t(RECOMMENDATION_IDS[current.recommendation].label)}
      </Typography>
      <Typography sx={{ mt: 0.5 }}>{t(RECOMMENDATION_IDS[current.recommendation].advice)}</Typography>
      {current.note && (
        <Box component="figure" sx={{ m: 0, mt: 1.5 }}>
          <Typography component="figcaption" variant="subtitle2">
            {t('results.review.noteFrom', { name: current.clinicianName })}
          </Typography>
          <Typography component="blockquote" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
            {current.note}
          </Typography>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('results.review.reviewedBy', { name: current.clinicianName, date: reviewedAt(current.createdAt) })}
      </Typography>
      {earlier.length > 0 && (
        <Box component="details" data-print="hide" sx={{ mt: 1.5 }}>
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            {t('results.review.earlier', { count: earlier.length })}
          </Box>
          <Stack component="ol" spacing={1.5} sx={{ pl: 2, mt: 1 }}>
            {earlier.map((review) => (
              <li key={review._id}>
                <ReviewEntry review={review} />
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
