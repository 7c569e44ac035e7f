import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RECOMMENDATION_LABELS, type Review } from '@visus/contracts';

/** "20 Nov 2026, 10:32" in the reader's locale. */
export function reviewedAt(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * One version of a clinician's review as both sides read it (issue 19): the recommendation, the note
 * and who wrote it when. The patient's result page and the clinician's review screen list earlier
 * versions with it.
 */
export function ReviewEntry({ review }: { review: Review }) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{RECOMMENDATION_LABELS[review.recommendation]}</Typography>
      {review.note && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{review.note}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {review.clinicianName}, {reviewedAt(review.createdAt)}
      </Typography>
    </Box>
  );
}
