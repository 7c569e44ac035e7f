import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@visus/core';

/** Kysely's view of the tables (DESIGN.md §4). Later issues add settings, sessions and results. */
export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  /** `date` column; read back as `YYYY-MM-DD` text (see the type parsers in db.ts). */
  dob: string | null;
  /** Bumped on password change/reset and deletion: every token carrying an older version dies. */
  token_version: Generated<number>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  /** SHA-256 of the token; the token itself exists only in the mail. */
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}
