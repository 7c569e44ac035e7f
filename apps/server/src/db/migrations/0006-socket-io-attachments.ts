import { sql, type Kysely } from 'kysely';

/**
 * Large or binary Socket.IO messages between server instances travel through this table
 * (@socket.io/postgres-adapter; NOTIFY carries at most 8000 bytes). Unused with PGlite, harmless there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists socket_io_attachments`.execute(db);
}
