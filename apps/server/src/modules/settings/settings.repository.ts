import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, SettingsRow } from '../../db/schema';

/** A value as a jsonb parameter: the same text on PGlite and node-postgres, whatever the driver's habits. */
function jsonb(value: unknown): RawBuilder<unknown> {
  return value === null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`;
}

/** The columns a write may set; anything left out keeps its stored value (or the default on insert). */
export interface SettingsChanges {
  method?: 'none' | 'card' | 'diagonal';
  card?: unknown;
  diagonal?: unknown;
  gamma?: number;
  autoAdvance?: boolean;
  speakInstructions?: boolean;
  opticalHistory?: unknown;
}

/** All SQL about settings and optical history (DESIGN.md §1). Every query is keyed by the signed-in user. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<SettingsRow | undefined> {
    return this.db.selectFrom('settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Inserts the user's row or updates the given columns of it, in one statement; returns the row. */
  upsert(userId: string, changes: SettingsChanges): Promise<SettingsRow> {
    const values: Record<string, unknown> = {};
    if (changes.method !== undefined) values.method = changes.method;
    if (changes.card !== undefined) values.card = jsonb(changes.card);
    if (changes.diagonal !== undefined) values.diagonal = jsonb(changes.diagonal);
    if (changes.gamma !== undefined) values.gamma = changes.gamma;
    if (changes.autoAdvance !== undefined) values.auto_advance = changes.autoAdvance;
    if (changes.speakInstructions !== undefined) values.speak_instructions = changes.speakInstructions;
    if (changes.opticalHistory !== undefined) values.optical_history = jsonb(changes.opticalHistory);
    return this.db
      .insertInto('settings')
      .values({ user_id: userId, ...values } as never)
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` } as never))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
