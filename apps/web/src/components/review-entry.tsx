import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Review, ReviewRecommendation } from '@visus/contracts';
import { currentLanguage, useT, type MessageId } from '@/lib/i18n/i18n';
import { formatDate, MEDIUM_DATE_TIME } from '@/lib/i18n/dates';

/**
 * A recommendation's heading and advice (contracts RECOMMENDATION_LABELS and RECOMMENDATION_ADVICE, the
 * English the catalog keeps word for word) as catalog ids: shown only on screens that load the `results`
 * area (a result, a patient's result).
 */
export const RECOMMENDATION_IDS = {
  'no-action': { label: 'results.review.noActionLabel', advice: 'results.review.noActionAdvice' },
  'routine-exam': { label: 'results.review.routineLabel', advice: 'results.review.routineAdvice' },
  soon: { label: 'results.review.soonLabel', advice: 'results.review.soonAdvice' },
  urgent: { label: 'results.review.urgentLabel', advice: 'results.review.urgentAdvice' },
} as const satisfies Record<ReviewRecommendation, { label: MessageId; advice: MessageId }>;

/** "20 Nov 2026, 10:32" in the reader's language (in English, the browser's own locale as before). */
export function reviewedAt(iso: string): string {
  const language = currentLanguage();
  return formatDate(iso, language === 'en' ? undefined : language, MEDIUM_DATE_TIME);
}

/**
 * One version of a clinician's review as both sides read it (issue 19): the recommendation, the note
 * and who wrote it when. The patient's result page and the clinician's review screen list earlier
 * versions with it.
 */
export function ReviewEntry({ review }: { review: Review }) {
  const t = useT();
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{t(RECOMMENDATION_IDS[review.recommendation].label)}</Typography>
      {review.note && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{review.note}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {review.clinicianName}, {reviewedAt(review.createdAt)}
      </Typography>
    </Box>
  );
}
