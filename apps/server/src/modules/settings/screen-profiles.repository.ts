import { sql, type Kysely } from 'kysely';
import type { Database, ScreenProfileRow } from '../../db/schema';

const jsonb = (value: unknown) => (value === null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`);

/** All SQL about screen profiles (docs/adr/0027). Every query is keyed by the signed-in user. */
export class ScreenProfilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's profiles, the latest used first. */
  list(userId: string): Promise<ScreenProfileRow[]> {
    return this.db
      .selectFrom('screen_profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('last_used_at', 'desc')
      .orderBy('id')
      .execute();
  }

  find(userId: string, id: string): Promise<ScreenProfileRow | undefined> {
    return this.db
      .selectFrom('screen_profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  insert(userId: string, name: string, settings: unknown): Promise<ScreenProfileRow> {
    return this.db
      .insertInto('screen_profiles')
      .values({ user_id: userId, name, settings: jsonb(settings) } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes the given columns; `used` also stamps it as the profile in use now. */
  update(
    userId: string,
    id: string,
    changes: { name?: string; settings?: unknown; cameraScale?: unknown; used?: boolean },
  ): Promise<ScreenProfileRow | undefined> {
    const values: Record<string, unknown> = {};
    if (changes.name !== undefined) values.name = changes.name;
    if (changes.settings !== undefined) values.settings = jsonb(changes.settings);
    if (changes.cameraScale !== undefined) values.camera_scale = jsonb(changes.cameraScale);
    if (changes.used) values.last_used_at = sql`now()`;
    return this.db
      .updateTable('screen_profiles')
      .set(values as never)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the given profiles of the user; answers how many went. */
  async remove(userId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .deleteFrom('screen_profiles')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
