import { z } from 'zod';
import { listUsersQuerySchema, pageInfoSchema } from './admin.schema';
import { resultsListQuerySchema, storedResultSchema } from './results.schema';
import { REVIEW_RECOMMENDATIONS } from './results-constants';

/*
 * The optometrist's side (issue 19): a patient's consent to share their results with the clinic, the
 * log of clinician views the patient reads, and the clinician's patient list and review queue.
 */

export const PATIENT_NOT_FOUND = 'Patient not found';

/** PUT /sharing/clinic takes no fields; an unknown one is refused (400 naming it), changing nothing. */
export const shareWithClinicBodySchema = z.strictObject({}).nullish();

/**
 * What a clinician looked at (a row of the patient list or review queue, the result history, a review), or
 * what a share link was used for (issue 19 item 5: the shared page, its FHIR or CSV download).
 */
export const ACCESS_ACTIONS = [
  'patient-list',
  'review-queue',
  'results',
  'review',
  'share-link-view',
  'share-link-fhir',
  'share-link-csv',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const accessLogEntrySchema = z.object({
  at: z.string(),
  clinicianName: z.string(),
  action: z.enum(ACCESS_ACTIONS),
  resultId: z.string().nullable(),
  /** The share link used (share-link-* actions); null for a clinician's view. */
  shareLinkId: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

/** GET /sharing (and the answer of PUT/DELETE /sharing/clinic): my consent, its history and the log. */
export const sharingSchema = z.object({
  clinic: z.object({
    shared: z.boolean(),
    /** When the open grant was given; null while not shared. */
    since: z.string().nullable(),
  }),
  /** Every grant, newest first, with when it was revoked (null: still open). */
  history: z.array(z.object({ grantedAt: z.string(), revokedAt: z.string().nullable() })),
  /** Clinician views of my data and share-link openings, newest first (the most recent ACCESS_LOG_LIMIT). */
  accessLog: z.array(accessLogEntrySchema),
});
export type Sharing = z.infer<typeof sharingSchema>;
export const ACCESS_LOG_LIMIT = 500;

/** GET /clinic/patients?search=&page=&limit= (search: name or email). */
export const listPatientsQuerySchema = listUsersQuerySchema;
export type ListPatientsQuery = z.input<typeof listPatientsQuerySchema>;

const eyeSchema = z.enum(['right', 'left']);
const chartSchema = z.enum(['sloan', 'landoltC', 'tumblingE']);
const censoredSchema = z.enum(['better-than', 'worse-than']).nullable();

export const latestAcuitySchema = z.object({
  eye: eyeSchema,
  test: chartSchema,
  resultId: z.string(),
  testedAt: z.string(),
  /** The value, or the bound's value when `censored` is set ("0.50 or better"). */
  logMAR: z.number(),
  censored: censoredSchema,
});
export type LatestAcuity = z.infer<typeof latestAcuitySchema>;

export const patientFlagSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('change'),
    eye: eyeSchema,
    test: chartSchema,
    direction: z.enum(['better', 'worse']),
    change: z.number(),
    limit: z.number(),
    bounded: z.boolean(),
  }),
  z.object({
    kind: z.literal('poor-acuity'),
    eye: eyeSchema,
    test: chartSchema,
    logMAR: z.number(),
    censored: censoredSchema,
  }),
  z.object({ kind: z.literal('unreviewed'), count: z.number().int(), oldestTestedAt: z.string() }),
]);
export type PatientFlagDto = z.infer<typeof patientFlagSchema>;

export const clinicPatientSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Whole years today; null without a date of birth. */
  age: z.number().int().nullable(),
  sharedSince: z.string(),
  lastTestAt: z.string().nullable(),
  latest: z.object({ right: latestAcuitySchema.nullable(), left: latestAcuitySchema.nullable() }),
  flags: z.array(patientFlagSchema),
});
export type ClinicPatient = z.infer<typeof clinicPatientSchema>;

export const clinicPatientListSchema = pageInfoSchema.extend({ patients: z.array(clinicPatientSchema) });
export type ClinicPatientList = z.infer<typeof clinicPatientListSchema>;

/** :userId of a patient's pages; a malformed id is a 400 naming the field. */
export const patientParamsSchema = z.strictObject({
  userId: z.uuid({ error: 'userId must be an account id' }),
});

/** GET /clinic/patients/:userId/results takes the query of GET /tests/results. */
export const patientResultsQuerySchema = resultsListQuerySchema;

/** GET /clinic/reviews/queue?page=&limit=: unreviewed results of consenting patients, oldest first. */
export const reviewQueueQuerySchema = listUsersQuerySchema.omit({ search: true });
export const reviewQueueItemSchema = z.object({
  resultId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  testedAt: z.string(),
});
export const reviewQueueSchema = pageInfoSchema.extend({ items: z.array(reviewQueueItemSchema) });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

// The recommendations and their words are in results-constants.ts, so that the result page reads them without
// loading a schema.
export {
  RECOMMENDATION_ADVICE,
  RECOMMENDATION_LABELS,
  REVIEW_RECOMMENDATIONS,
  type ReviewRecommendation,
} from './results-constants';
export const REVIEW_NOTE_MAX = 2000;

/** PUT /clinic/results/:resultId/review */
export const reviewBodySchema = z.strictObject({
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(REVIEW_NOTE_MAX, { error: `note must be at most ${REVIEW_NOTE_MAX} characters` }),
  recommendation: z.enum(REVIEW_RECOMMENDATIONS, {
    error: `recommendation must be one of ${REVIEW_RECOMMENDATIONS.join(', ')}`,
  }),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const resultReviewParamsSchema = z.strictObject({
  resultId: z.uuid({ error: 'resultId must be a result id' }),
});

export const reviewSchema = z.object({
  _id: z.string(),
  resultId: z.string(),
  clinicianName: z.string(),
  note: z.string(),
  recommendation: z.enum(REVIEW_RECOMMENDATIONS),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A result's reviews: the current one (the newest) and every version, newest first. */
export const resultReviewsSchema = z.object({
  current: reviewSchema.nullable(),
  history: z.array(reviewSchema),
});
export type ResultReviews = z.infer<typeof resultReviewsSchema>;

/**
 * GET /clinic/results/:resultId: one result of a consenting patient, read-only, with whose it is and its
 * reviews (the review form shows the earlier ones). A result of anyone else is a 404.
 */
export const clinicResultSchema = z.object({
  /** Whose result it is: the report names them (date of birth YYYY-MM-DD, null if not given). */
  patient: z.object({ _id: z.string(), name: z.string(), dob: z.string().nullable() }),
  result: storedResultSchema,
  reviews: resultReviewsSchema,
});
export type ClinicResult = z.infer<typeof clinicResultSchema>;
