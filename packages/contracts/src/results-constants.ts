/**
 * Plain constants of the results and their reviews, without zod: the results page and the clinic's
 * review read them without loading a schema (docs/adr/0033). Not re-exported by constants.ts, which the
 * start-up code of every page imports; results.schema.ts and clinic.schema.ts re-export them (and so
 * the index does).
 */
/** Paging of the results lists (GET /tests/results, the clinic's lists). */
export const RESULTS_PAGE_LIMITS = { defaultLimit: 20, maxLimit: 100, maxPage: 100_000 } as const;

/** What the clinician advises after reviewing a result (issue 19 item 4). */
export const REVIEW_RECOMMENDATIONS = ['no-action', 'routine-exam', 'soon', 'urgent'] as const;
export type ReviewRecommendation = (typeof REVIEW_RECOMMENDATIONS)[number];

/** Each recommendation as the clinician picks it and the patient reads it as a heading. */
export const RECOMMENDATION_LABELS: Record<ReviewRecommendation, string> = {
  'no-action': 'No action needed',
  'routine-exam': 'Routine eye examination',
  soon: 'Eye examination soon',
  urgent: 'Urgent: see an optometrist or doctor',
};

/** What the patient is advised to do, in plain words, under that heading. */
export const RECOMMENDATION_ADVICE: Record<ReviewRecommendation, string> = {
  'no-action': 'Nothing needs doing about this result. Keep testing as usual.',
  'routine-exam': 'Book a routine eye examination with an optometrist when convenient.',
  soon: 'Book an eye examination with an optometrist soon.',
  urgent: 'See an optometrist or doctor urgently.',
};
