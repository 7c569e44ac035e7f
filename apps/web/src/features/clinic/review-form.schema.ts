import { z } from 'zod';
import { REVIEW_NOTE_MAX, REVIEW_RECOMMENDATIONS, type ResultReviews } from '@visus/contracts';
import { t } from '@/lib/i18n/i18n';

/**
 * The review form: the server's rules (PUT /clinic/results/:id/review), with messages that say what to fix
 * (in the language shown when the form is checked).
 */
export const reviewFormSchema = z.object({
  recommendation: z.enum(REVIEW_RECOMMENDATIONS, { error: () => t('clinic.review.choose') }),
  note: z.string().max(REVIEW_NOTE_MAX, {
    error: (issue) =>
      t('clinic.review.tooLong', { max: REVIEW_NOTE_MAX, count: (issue.input as string).length }),
  }),
});

/** What the form holds: no recommendation until one is picked. */
export interface ReviewFormValues {
  recommendation: z.infer<typeof reviewFormSchema>['recommendation'] | '';
  note: string;
}

/** An edit starts from the current review; a first review from nothing chosen. */
export function reviewFormValues(reviews: ResultReviews): ReviewFormValues {
  return reviews.current
    ? { recommendation: reviews.current.recommendation, note: reviews.current.note }
    : { recommendation: '', note: '' };
}
