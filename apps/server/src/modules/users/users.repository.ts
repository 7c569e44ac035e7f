import { sql, type Kysely } from 'kysely';
import type { Language, Role } from '@visus/core';
import { USER_COLUMNS, type Database, type UserRow } from '../../db/schema';
import { PreparedQuery } from '../../db/prepared';

/** Postgres' unique-violation code: a concurrent insert of the same email loses the race here. */
const UNIQUE_VIOLATION = '23505';

export class DuplicateEmailError extends Error {
  constructor() {
    super('An account with this email already exists');
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

/** All SQL about accounts (DESIGN.md §1: SQL lives in repositories). */
export class UsersRepository {
  /** The token check's lookup (on every request whose account is not in AccountCache): built once. */
  private readonly byId: PreparedQuery<[id: string], UserRow>;

  constructor(private readonly db: Kysely<Database>) {
    this.byId = new PreparedQuery(db, (id: string) =>
      db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id),
    );
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.byId.executeTakeFirst(id);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** Inserts an account; throws {@link DuplicateEmailError} if the email is taken. */
  async create(user: {
    email: string;
    name: string;
    passwordHash: string;
    role: Role;
    dob: string | null;
  }): Promise<UserRow> {
    try {
      return await this.db
        .insertInto('users')
        .values({
          email: user.email.toLowerCase(),
          name: user.name,
          password_hash: user.passwordHash,
          role: user.role,
          dob: user.dob,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateEmailError();
      throw error;
    }
  }

  /** Changes name, email, dob or language; throws {@link DuplicateEmailError} if the new email is taken. */
  async updateDetails(
    id: string,
    details: {
      name?: string | undefined;
      email?: string | undefined;
      dob?: string | undefined;
      language?: Language | undefined;
    },
  ): Promise<UserRow | undefined> {
    try {
      return await this.db
        .updateTable('users')
        .set({
          ...(details.name !== undefined ? { name: details.name } : {}),
          ...(details.email !== undefined ? { email: details.email.toLowerCase() } : {}),
          ...(details.dob !== undefined ? { dob: details.dob } : {}),
          ...(details.language !== undefined ? { language: details.language } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateEmailError();
      throw error;
    }
  }

  /**
   * Stores a new password hash and bumps the token version, which revokes every token issued
   * before. Returns what a fresh token is made of (id, role, the new version) and the email, or
   * undefined when the account is gone.
   */
  setPassword(
    id: string,
    passwordHash: string,
    db: Kysely<Database> = this.db,
  ): Promise<Pick<UserRow, 'id' | 'role' | 'email' | 'token_version'> | undefined> {
    return db
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        token_version: sql<number>`token_version + 1`,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returning(['id', 'role', 'email', 'token_version'])
      .executeTakeFirst();
  }

  /** Deletes the account; dependent rows go with it (foreign keys cascade). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
