import { sql, type Kysely } from 'kysely';

/**
 * The optometrist's side (issue 19, docs/adr/0019-clinic-consent-and-audit.md):
 * - the `clinician` role joins the role checks of users and invites;
 * - `clinic_consents`: a patient's consent to share all their results with the clinic (every clinician
 *   of this Visus). One row per grant; revoking stamps `revoked_at`, so the patient's history of grants
 *   stays readable. At most one open grant per patient (partial unique index).
 * - `clinic_access_log`: one row per clinician view of a patient's data (who, what, when), shown to the
 *   patient. The clinician's name is copied so that the patient still reads who looked after that
 *   clinician's account is gone.
 * - `clinic_reviews`: a clinician's review of one result; an edit adds a row (history kept), the newest
 *   row is the review. A result with no row is unreviewed (the review queue).
 * Every table is removed with the patient's account (on delete cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const roles = sql`role in ('admin', 'user', 'tester', 'clinician')`;
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (${roles})`.execute(db);
  await sql`alter table invites drop constraint invites_role_check`.execute(db);
  await sql`alter table invites add constraint invites_role_check check (${roles})`.execute(db);

  await db.schema
    .createTable('clinic_consents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create unique index clinic_consents_open_idx on clinic_consents (user_id) where revoked_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('clinic_access_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('patient_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('clinician_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('clinician_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('result_id', 'uuid')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index clinic_access_log_patient_idx on clinic_access_log (patient_id, at desc)`.execute(
    db,
  );

  await db.schema
    .createTable('clinic_reviews')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('result_id', 'uuid', (c) => c.notNull().references('results.id').onDelete('cascade'))
    .addColumn('patient_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('clinician_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('clinician_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('recommendation', 'text', (c) =>
      c.notNull().check(sql`recommendation in ('no-action', 'routine-exam', 'soon', 'urgent')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index clinic_reviews_result_idx on clinic_reviews (result_id, created_at desc)`.execute(
    db,
  );
  await sql`create index clinic_reviews_patient_idx on clinic_reviews (patient_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clinic_reviews').execute();
  await db.schema.dropTable('clinic_access_log').execute();
  await db.schema.dropTable('clinic_consents').execute();
  const roles = sql`role in ('admin', 'user', 'tester')`;
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (${roles})`.execute(db);
  await sql`alter table invites drop constraint invites_role_check`.execute(db);
  await sql`alter table invites add constraint invites_role_check check (${roles})`.execute(db);
}
