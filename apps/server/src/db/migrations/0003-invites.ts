import { sql, type Kysely } from 'kysely';

/** Invitations to register with a given role (DESIGN.md §4); the code is stored only as a hash. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invites')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'user', 'tester')`))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    // The inviting admin may delete their account later; the invite history stays.
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index invites_email_lower_idx on invites (lower(email))`.execute(db);
  await db.schema.createIndex('invites_created_at_idx').on('invites').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invites').execute();
}
