import type { Kysely } from 'kysely';
import {
  ACCESS_LOG_LIMIT,
  PATIENT_NOT_FOUND,
  type ClinicPatientList,
  type ListPatientsQuery,
  type ResultsList,
  type ResultsListParams,
  type ReviewQueue,
  type Sharing,
} from '@visus/contracts';
import { ageOnTestDay, patientSummary, type FlaggableResult } from '@visus/core';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { ResultsService } from '../results/results.service';
import { ClinicRepository, type PatientResultRow } from './clinic.repository';

type Page = { page: number; limit: number };

function flaggable(row: PatientResultRow): FlaggableResult {
  return {
    id: row.id,
    testedAt: row.tested_at.toISOString(),
    reviewed: row.reviewed,
    setup: row.setup as FlaggableResult['setup'],
    data: row.data as FlaggableResult['data'],
  };
}

/**
 * Consent-based sharing with the clinic (issue 19; docs/adr/0019-clinic-consent-and-audit.md). A patient
 * grants or revokes; a clinician sees only patients with an open consent, and every view of a patient's
 * data is written to the access log the patient reads under Sharing, in the request that serves it.
 */
export class ClinicService {
  readonly repository: ClinicRepository;
  private readonly results: ResultsService;
  private readonly now: () => Date;

  constructor(deps: { db: Kysely<Database>; results: ResultsService; now?: () => Date }) {
    this.repository = new ClinicRepository(deps.db);
    this.results = deps.results;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * My consent, its history and who viewed my data (GET /sharing): the latest ACCESS_LOG_LIMIT views, or
   * every one with `logLimit` null (the account's data export).
   */
  async sharing(user: UserRow, logLimit: number | null = ACCESS_LOG_LIMIT): Promise<Sharing> {
    const [consents, log] = await Promise.all([
      this.repository.consents(user.id),
      this.repository.accessLog(user.id, logLimit),
    ]);
    const open = consents.find((c) => c.revoked_at === null);
    return {
      clinic: { shared: open !== undefined, since: open ? open.granted_at.toISOString() : null },
      history: consents.map((c) => ({
        grantedAt: c.granted_at.toISOString(),
        revokedAt: c.revoked_at ? c.revoked_at.toISOString() : null,
      })),
      accessLog: log.map((e) => ({
        at: e.at.toISOString(),
        clinicianName: e.clinician_name,
        action: e.action,
        resultId: e.result_id,
        shareLinkId: e.share_link_id,
      })),
    };
  }

  async grant(user: UserRow): Promise<Sharing> {
    await this.repository.grant(user.id, this.now());
    return this.sharing(user);
  }

  async revoke(user: UserRow): Promise<Sharing> {
    await this.repository.revoke(user.id, this.now());
    return this.sharing(user);
  }

  /** A page of consenting patients with their latest acuity and flags; each row shown is logged. */
  async patients(clinician: UserRow, query: ListPatientsQuery & Page): Promise<ClinicPatientList> {
    const { page, limit } = query;
    const { rows, total } = await this.repository.patients({
      search: query.search,
      offset: (page - 1) * limit,
      limit,
    });
    const results = await this.repository.resultsOf(rows.map((r) => r.id));
    const now = this.now();
    const patients = rows.map((row) => {
      const summary = patientSummary(results.filter((r) => r.user_id === row.id).map(flaggable), row.dob);
      return {
        _id: row.id,
        name: row.name,
        age: ageOnTestDay(row.dob, now.toISOString()),
        sharedSince: row.shared_since.toISOString(),
        lastTestAt: summary.lastTestedAt,
        latest: summary.latest,
        flags: [...summary.flags],
      };
    });
    await this.repository.logAccess(
      rows.map((r) => ({ patientId: r.id })),
      clinician,
      'patient-list',
      now,
    );
    return { patients, total, page, limit };
  }

  /** A consenting patient's results (GET /tests/results' shape); 404 without an open consent. */
  async patientResults(clinician: UserRow, userId: string, query: ResultsListParams): Promise<ResultsList> {
    const patient = await this.repository.consentingPatient(userId);
    if (!patient) throw new HttpError(404, PATIENT_NOT_FOUND);
    const list = await this.results.listOf(patient.id, query);
    await this.repository.logAccess([{ patientId: patient.id }], clinician, 'results', this.now());
    return list;
  }

  /** Unreviewed results of consenting patients, oldest first; each patient shown is logged once. */
  async reviewQueue(clinician: UserRow, query: Page): Promise<ReviewQueue> {
    const { page, limit } = query;
    const { rows, total } = await this.repository.reviewQueue({ offset: (page - 1) * limit, limit });
    const patients = [...new Set(rows.map((r) => r.patient_id))];
    await this.repository.logAccess(
      patients.map((patientId) => ({ patientId })),
      clinician,
      'review-queue',
      this.now(),
    );
    return {
      items: rows.map((r) => ({
        resultId: r.result_id,
        patientId: r.patient_id,
        patientName: r.name,
        testedAt: r.tested_at.toISOString(),
      })),
      total,
      page,
      limit,
    };
  }
}
