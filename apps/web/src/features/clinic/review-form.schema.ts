import { z } from 'zod';
import { REVIEW_NOTE_MAX, REVIEW_RECOMMENDATIONS, type ResultReviews } from '@visus/contracts';

/** The review form: the server's rules (PUT /clinic/results/:id/review), with messages that say what to fix. */
export const reviewFormSchema = z.object({
  recommendation: z.enum(REVIEW_RECOMMENDATIONS, { error: 'Choose a recommendation' }),
  note: z.string().max(REVIEW_NOTE_MAX, {
    error: (issue) =>
      `Shorten the note to ${REVIEW_NOTE_MAX} characters (it has ${String((issue.input as string).length)})`,
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
