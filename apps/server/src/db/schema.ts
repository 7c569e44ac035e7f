import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Language, Role, TestId } from '@visus/core';
import type { AccessAction } from '@visus/contracts';

/** Kysely's view of the tables (DESIGN.md §4). Later issues add settings, sessions and results. */
export interface Database {
  users: UsersTable;
  password_resets: PasswordResetsTable;
  settings: SettingsTable;
  invites: InvitesTable;
  results: ResultsTable;
  test_sessions: TestSessionsTable;
  login_failures: LoginFailuresTable;
  clinic_consents: ClinicConsentsTable;
  clinic_access_log: ClinicAccessLogTable;
  clinic_reviews: ClinicReviewsTable;
  screen_profiles: ScreenProfilesTable;
  share_links: ShareLinksTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
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
  /** The TOTP secret, sealed (modules/auth/two-factor/secret-box.ts); null: never enrolled. */
  two_factor_secret: ColumnType<string | null, never, string | null>;
  /** When two-step sign-in was turned on; null: off (a secret is then a pending enrolment). */
  two_factor_enabled_at: ColumnType<Date | null, never, Date | null>;
  /** The TOTP step (30-second periods since 1970) of the last accepted code; null: none yet. */
  two_factor_last_step: ColumnType<number | null, never, number | null>;
  /** The language the person chose (migration 0017); null: never chose, the browser's is used. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
}
export type UserRow = Selectable<UsersTable>;
/** Every column of `users`, for queries that name their columns (db/prepared.ts). */
export const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'password_hash',
  'role',
  'dob',
  'token_version',
  'created_at',
  'updated_at',
  'two_factor_secret',
  'two_factor_enabled_at',
  'two_factor_last_step',
  'language',
] as const satisfies readonly (keyof UsersTable)[];
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

export interface InvitesTable {
  id: Generated<string>;
  email: string;
  role: Role;
  /** SHA-256 of the one-time code; the code itself exists only in the link. */
  code_hash: string;
  created_by: string | null;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}
export type InviteRow = Selectable<InvitesTable>;

export interface ResultsTable {
  id: Generated<string>;
  user_id: string;
  /** The test session's pin; null for results saved without a session. */
  session_id: string | null;
  setup: ColumnType<unknown, string, string>;
  data: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** When the test was taken: `setup.date` as an instant (migration 0008); orders and filters the list. */
  tested_at: ColumnType<Date, Date | undefined, never>;
}

/** One row per user once they calibrate or answer the questionnaire; absent means the defaults. */
/** Every column of `results`, for queries that name their columns (db/prepared.ts). */
export const RESULT_COLUMNS = [
  'id',
  'user_id',
  'session_id',
  'setup',
  'data',
  'created_at',
  'tested_at',
] as const satisfies readonly (keyof ResultsTable)[];

export interface SettingsTable {
  user_id: string;
  method: 'none' | 'card' | 'diagonal';
  /** jsonb: the card calibration (contracts `CardCalibration`), or null. */
  card: unknown;
  /** jsonb: the diagonal calibration (contracts `DiagonalCalibration`), or null. */
  diagonal: unknown;
  gamma: number;
  /** Move on by itself between eyes and tests (migration 0015; true for older rows). */
  auto_advance: Generated<boolean>;
  /** Speak the display's instructions aloud (migration 0018; false for older rows). */
  speak_instructions: Generated<boolean>;
  /** jsonb: the questionnaire as stored, possibly in an older shape (upgraded on read). */
  optical_history: unknown;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}
export type SettingsRow = Selectable<SettingsTable>;

/** One screen a person calibrated (migration 0016, docs/adr/0027). */
export interface ScreenProfilesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** jsonb: contracts `Settings` (method, card, diagonal, gamma) made on this screen. */
  settings: unknown;
  /** jsonb: contracts `CameraScaleData`, or null until the camera has taken the person's scale here. */
  camera_scale: unknown;
  created_at: ColumnType<Date, never, never>;
  last_used_at: ColumnType<Date, Date | undefined, Date>;
}
export type ScreenProfileRow = Selectable<ScreenProfilesTable>;

export interface TestSessionsTable {
  id: Generated<string>;
  pin: string;
  user_id: string;
  units: 'm' | 'ft';
  /** mm per CSS pixel from the calibration at creation; null when not calibrated. */
  pixel_size: number | null;
  test_flow_a: ColumnType<TestId[], string, string>;
  single: TestId | null;
  test_mode: boolean;
  /** Crowding bars on the Sloan or Tumbling E chart (migration 0010; false for older sessions). */
  crowding: Generated<boolean>;
  state: ColumnType<unknown, string | null, string | null>;
  /** SHA-256 of the key of the phone the session is bound to (see SessionsService.claimController). */
  controller_key_hash: string | null;
  /** When that phone's last connection closed; null while one is open (migration 0009). */
  controller_left_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  completed_at: Date | null;
}
export type TestSessionRow = Selectable<TestSessionsTable>;

export interface LoginFailuresTable {
  id: Generated<string>;
  /** SHA-256 of the normalised email (see LoginThrottleRepository). */
  account_key: string;
  failed_at: Date;
}

/** A patient's consent to share their results with the clinic (migration 0010); open while revoked_at is null. */
export interface ClinicConsentsTable {
  id: Generated<string>;
  user_id: string;
  granted_at: ColumnType<Date, Date | undefined, never>;
  revoked_at: Date | null;
}

/** One clinician view of a patient's data (migration 0010), shown to the patient. */
export interface ClinicAccessLogTable {
  id: Generated<string>;
  patient_id: string;
  /** null once the clinician's account is deleted; the name stays. */
  clinician_id: string | null;
  clinician_name: string;
  /** What was viewed (contracts ACCESS_ACTIONS): a list row, the review queue, the history, a review. */
  action: AccessAction;
  result_id: string | null;
  /** The share link an opening went through (migration 0013); null for a clinician's view. */
  share_link_id: ColumnType<string | null, string | null | undefined, never>;
  at: ColumnType<Date, Date | undefined, never>;
}

/** A clinician's review of a result (migration 0010); each edit is a new row, the newest counts. */
export interface ClinicReviewsTable {
  id: Generated<string>;
  result_id: string;
  patient_id: string;
  clinician_id: string | null;
  clinician_name: string;
  note: string;
  recommendation: 'no-action' | 'routine-exam' | 'soon' | 'urgent';
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A read-only link to one result (migration 0013); only the token's SHA-256 is stored. */
export interface ShareLinksTable {
  id: Generated<string>;
  user_id: string;
  result_id: string;
  token_hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  revoked_at: Date | null;
  last_opened_at: Date | null;
  opens: Generated<number>;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  /** SHA-256 of the normalised code; the code itself is shown once, at enrolment. */
  code_hash: string;
  created_at: ColumnType<Date, never, never>;
  used_at: Date | null;
}

/** Compile-time check that the column lists name every column of their table (a new column fails here). */
type NamesAll<Table, Listed> = [Exclude<keyof Table, Listed>] extends [never] ? true : false;
export const COLUMN_LISTS_COMPLETE: [
  NamesAll<UsersTable, (typeof USER_COLUMNS)[number]>,
  NamesAll<ResultsTable, (typeof RESULT_COLUMNS)[number]>,
] = [true, true];
