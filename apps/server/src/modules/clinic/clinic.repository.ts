import { sql, type Kysely } from 'kysely';
import type { AccessAction } from '@visus/contracts';
import type { Database } from '../../db/schema';

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PatientRow {
  id: string;
  name: string;
  dob: string | null;
  shared_since: Date;
}

export interface PatientResultRow {
  id: string;
  user_id: string;
  setup: unknown;
  data: unknown;
  tested_at: Date;
  reviewed: boolean;
}

/**
 * SQL of the clinic: consents, the access log, and the consenting patients with their results. Every
 * read of a patient's data goes through a join with an open consent, in the same statement, so that a
 * revoked consent hides the patient from the very next request.
 */
export class ClinicRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Opens a consent unless one is open (a second grant changes nothing). */
  async grant(userId: string, now: Date): Promise<void> {
    await sql`insert into clinic_consents (user_id, granted_at) values (${userId}, ${now})
      on conflict (user_id) where revoked_at is null do nothing`.execute(this.db);
  }

  /** Closes the open consent, if any. */
  async revoke(userId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('clinic_consents')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async consents(userId: string) {
    return this.db
      .selectFrom('clinic_consents')
      .select(['granted_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('granted_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Clinician views of a patient's data, newest first: the latest `limit`, or all with null. */
  async accessLog(patientId: string, limit: number | null) {
    const query = this.db
      .selectFrom('clinic_access_log')
      .select(['at', 'clinician_name', 'action', 'result_id', 'share_link_id'])
      .where('patient_id', '=', patientId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc');
    return (limit === null ? query : query.limit(limit)).execute();
  }

  /** Records that `clinician` viewed each patient's data (one row per patient). */
  async logAccess(
    entries: readonly { patientId: string; resultId?: string | null }[],
    clinician: { id: string; name: string },
    action: AccessAction,
    now: Date,
  ): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .insertInto('clinic_access_log')
      .values(
        entries.map((e) => ({
          patient_id: e.patientId,
          clinician_id: clinician.id,
          clinician_name: clinician.name,
          action,
          result_id: e.resultId ?? null,
          at: now,
        })),
      )
      .execute();
  }

  private consenting() {
    return this.db
      .selectFrom('users')
      .innerJoin('clinic_consents', (join) =>
        join.onRef('clinic_consents.user_id', '=', 'users.id').on('clinic_consents.revoked_at', 'is', null),
      );
  }

  /** A page of patients with an open consent, by name, searchable by name or email. */
  async patients(options: {
    search?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: PatientRow[]; total: number }> {
    let query = this.consenting();
    if (options.search) {
      const pattern = likePattern(options.search.toLowerCase());
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`lower(users.name)`, 'like', pattern),
          eb(sql<string>`lower(users.email)`, 'like', pattern),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .select(['users.id', 'users.name', 'users.dob', 'clinic_consents.granted_at as shared_since'])
        .orderBy(sql`lower(users.name)`)
        .orderBy('users.id')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** The patient, when they consent to share with the clinic now; else undefined. */
  async consentingPatient(userId: string): Promise<PatientRow | undefined> {
    return this.consenting()
      .select(['users.id', 'users.name', 'users.dob', 'clinic_consents.granted_at as shared_since'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  /** Every result of these patients, with whether a clinician reviewed it (for the flags). */
  async resultsOf(userIds: readonly string[]): Promise<PatientResultRow[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('results')
      .select(['results.id', 'results.user_id', 'results.setup', 'results.data', 'results.tested_at'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('clinic_reviews').whereRef('clinic_reviews.result_id', '=', 'results.id'))
          .as('reviewed'),
      )
      .where('results.user_id', 'in', userIds)
      .execute();
    return rows.map((r) => ({ ...r, reviewed: Boolean(r.reviewed) }));
  }

  /** Unreviewed results of consenting patients, oldest test first. */
  async reviewQueue(options: { offset: number; limit: number }) {
    const query = this.consenting()
      .innerJoin('results', 'results.user_id', 'users.id')
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('clinic_reviews').whereRef('clinic_reviews.result_id', '=', 'results.id')),
        ),
      );
    const [rows, count] = await Promise.all([
      query
        .select(['results.id as result_id', 'users.id as patient_id', 'users.name', 'results.tested_at'])
        .orderBy('results.tested_at')
        .orderBy('results.id')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
