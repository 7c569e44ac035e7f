import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_LANGUAGE } from '@visus/core';
import {
  RESULT_NOT_FOUND,
  type ClinicResult,
  type Review,
  type ReviewBody,
  type ResultReviews,
} from '@visus/contracts';
import type { ClinicReviewsTable, Database, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { reviewMail } from '../../lib/mail-templates';
import type { Mailer } from '../../plugins/external/mailer';
import { toStoredResult } from '../results/results.service';
import type { ClinicRepository } from './clinic.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toReview(row: Selectable<ClinicReviewsTable>): Review {
  return {
    _id: row.id,
    resultId: row.result_id,
    clinicianName: row.clinician_name,
    note: row.note,
    recommendation: row.recommendation,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Clinicians' reviews of results (issue 19 item 4): only of a consenting patient's result; an edit adds
 * a row (history kept, the newest counts); the patient is told by mail and reads them with the result.
 */
export class ReviewsService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clinic: ClinicRepository;
      mailer: Mailer;
      publicUrl: string;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /** Stores a review of a consenting patient's result; 404 for any other result. */
  async review(clinician: UserRow, resultId: string, body: ReviewBody): Promise<ResultReviews> {
    const { db } = this.deps;
    const target = await db
      .selectFrom('results')
      .innerJoin('clinic_consents', (join) =>
        join
          .onRef('clinic_consents.user_id', '=', 'results.user_id')
          .on('clinic_consents.revoked_at', 'is', null),
      )
      .innerJoin('users', 'users.id', 'results.user_id')
      .select(['results.id', 'results.user_id', 'users.email', 'users.name', 'users.language'])
      .where('results.id', '=', resultId)
      .executeTakeFirst();
    if (!target) throw new HttpError(404, RESULT_NOT_FOUND);
    const now = this.deps.now();
    await db
      .insertInto('clinic_reviews')
      .values({
        result_id: target.id,
        patient_id: target.user_id,
        clinician_id: clinician.id,
        clinician_name: clinician.name,
        note: body.note,
        recommendation: body.recommendation,
        created_at: now,
      })
      .execute();
    await this.deps.clinic.logAccess(
      [{ patientId: target.user_id, resultId: target.id }],
      clinician,
      'review',
      now,
    );
    const mail = reviewMail(target.language ?? DEFAULT_LANGUAGE, {
      name: target.name,
      clinicianName: clinician.name,
      recommendation: body.recommendation,
      link: `${this.deps.publicUrl}/user/results?id=${target.id}`,
    });
    // The review is stored whatever happens to the mail; a failure is logged, never answered.
    await this.deps.mailer.send({ to: target.email, ...mail }).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'mailing a review notice failed');
    });
    return this.reviewsOf(target.id);
  }

  /**
   * One result of a consenting patient with whose it is and its reviews, for the review form; logged as a
   * view of that result. Any other result (no consent, revoked, unknown) is a 404.
   */
  async resultForReview(clinician: UserRow, resultId: string): Promise<ClinicResult> {
    const { db } = this.deps;
    const row = await db
      .selectFrom('results')
      .innerJoin('clinic_consents', (join) =>
        join
          .onRef('clinic_consents.user_id', '=', 'results.user_id')
          .on('clinic_consents.revoked_at', 'is', null),
      )
      .innerJoin('users', 'users.id', 'results.user_id')
      .selectAll('results')
      .select(['users.name as patient_name', 'users.dob as patient_dob'])
      .where('results.id', '=', resultId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, RESULT_NOT_FOUND);
    const { patient_name, patient_dob, ...result } = row;
    await this.deps.clinic.logAccess(
      [{ patientId: result.user_id, resultId: result.id }],
      clinician,
      'results',
      this.deps.now(),
    );
    return {
      patient: { _id: result.user_id, name: patient_name, dob: patient_dob },
      result: toStoredResult(result),
      reviews: await this.reviewsOf(result.id),
    };
  }

  /** The reviews of one of the caller's own results; another's (or an unknown id) is a 404. */
  async ownReviews(user: UserRow, resultId: string): Promise<ResultReviews> {
    if (!UUID.test(resultId)) throw new HttpError(404, RESULT_NOT_FOUND);
    const owned = await this.deps.db
      .selectFrom('results')
      .select('id')
      .where('id', '=', resultId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!owned) throw new HttpError(404, RESULT_NOT_FOUND);
    return this.reviewsOf(resultId);
  }

  /** Every version of every review of a person's results, newest first (the account's data export). */
  async reviewsAbout(patientId: string): Promise<Review[]> {
    const rows = await this.deps.db
      .selectFrom('clinic_reviews')
      .selectAll()
      .where('patient_id', '=', patientId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toReview);
  }

  private async reviewsOf(resultId: string): Promise<ResultReviews> {
    const rows = await this.deps.db
      .selectFrom('clinic_reviews')
      .selectAll()
      .where('result_id', '=', resultId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const history = rows.map(toReview);
    return { current: history[0] ?? null, history };
  }
}
