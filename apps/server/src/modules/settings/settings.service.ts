import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { CoreInputError, DEFAULT_GAMMA, migrateOpticalHistory, type OpticalHistory } from '@visus/core';
import {
  DEFAULT_AUTO_ADVANCE,
  DEFAULT_SPEAK_INSTRUCTIONS,
  cardCalibrationSchema,
  diagonalCalibrationSchema,
  type OpticalHistoryBody,
  type Settings,
  type TestsData,
} from '@visus/contracts';
import type { Database, SettingsRow } from '../../db/schema';
import { ScreenProfilesService } from './screen-profiles.service';
import { SettingsRepository } from './settings.repository';

/** What a user who never calibrated gets (SPEC.md §3, §9: gamma 1). */
export const DEFAULT_SETTINGS: Settings = {
  method: 'none',
  card: null,
  diagonal: null,
  gamma: DEFAULT_GAMMA,
  autoAdvance: DEFAULT_AUTO_ADVANCE,
  speakInstructions: DEFAULT_SPEAK_INSTRUCTIONS,
};

/**
 * Screen settings and the optical history of one user: row → domain mapping, defaults, and the upgrade of
 * older questionnaires on read (SPEC.md §3). Routes stay thin; SQL stays in the repository.
 */
export class SettingsService {
  private readonly repository: SettingsRepository;
  private readonly screens: ScreenProfilesService;

  constructor(
    db: Kysely<Database>,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.repository = new SettingsRepository(db);
    this.screens = new ScreenProfilesService(db, log);
  }

  /** GET /tests: the user's history (null until first saved) and settings (defaults until calibrated). */
  async load(userId: string): Promise<TestsData> {
    const row = await this.repository.find(userId);
    return {
      opticalHistory: row ? this.historyOf(row) : null,
      settings: row ? this.settingsOf(row) : DEFAULT_SETTINGS,
    };
  }

  /**
   * PUT /tests/settings: the method plus whichever calibrations were sent; others are kept. The result is
   * also kept in the profile of the screen it was made on, named `screenName` (docs/adr/0027).
   */
  async saveCalibration(
    userId: string,
    body: {
      method: Settings['method'];
      card?: Settings['card'];
      diagonal?: Settings['diagonal'];
      screenName?: string;
    },
  ): Promise<Settings> {
    const row = await this.repository.upsert(userId, {
      method: body.method,
      ...(body.card !== undefined ? { card: body.card } : {}),
      ...(body.diagonal !== undefined ? { diagonal: body.diagonal } : {}),
    });
    const settings = this.settingsOf(row);
    await this.screens.keep(userId, settings, body.screenName);
    return settings;
  }

  /** PUT /tests/gammasettings; the gamma is kept in the profile of the screen in use too. */
  async saveGamma(userId: string, gamma: number): Promise<Settings> {
    const settings = this.settingsOf(await this.repository.upsert(userId, { gamma }));
    await this.screens.keep(userId, settings);
    return settings;
  }

  /** PUT /tests/settings/auto-advance: whether the screens between eyes and tests move on by themselves. */
  async saveAutoAdvance(userId: string, autoAdvance: boolean): Promise<Settings> {
    return this.settingsOf(await this.repository.upsert(userId, { autoAdvance }));
  }

  /** PUT /tests/settings/speech: whether the display speaks its instructions aloud. */
  async saveSpeech(userId: string, speakInstructions: boolean): Promise<Settings> {
    return this.settingsOf(await this.repository.upsert(userId, { speakInstructions }));
  }

  /** PUT /tests/settings/history: replaces the questionnaire; answers what is now stored. */
  async saveHistory(userId: string, history: OpticalHistoryBody): Promise<OpticalHistory> {
    const row = await this.repository.upsert(userId, { opticalHistory: history });
    return this.historyOf(row) ?? migrateOpticalHistory(history);
  }

  private settingsOf(row: SettingsRow): Settings {
    const card = cardCalibrationSchema.safeParse(row.card);
    const diagonal = diagonalCalibrationSchema.safeParse(row.diagonal);
    return {
      method: row.method,
      card: row.card === null ? null : card.success ? card.data : this.corrupt(row, 'card'),
      diagonal:
        row.diagonal === null ? null : diagonal.success ? diagonal.data : this.corrupt(row, 'diagonal'),
      gamma: Number(row.gamma),
      autoAdvance: row.auto_advance,
      speakInstructions: row.speak_instructions,
    };
  }

  /** Older records (q6 without `selected`) come back in today's shape, keeping q1–q5b (SPEC.md §3). */
  private historyOf(row: SettingsRow): OpticalHistory | null {
    if (row.optical_history === null) return null;
    try {
      return migrateOpticalHistory(row.optical_history);
    } catch (error) {
      if (!(error instanceof CoreInputError)) throw error;
      return this.corrupt(row, 'optical_history');
    }
  }

  /** A stored value no schema accepts (hand-edited data): reported, and treated as not stored. */
  private corrupt(row: SettingsRow, column: string): null {
    this.log?.warn({ userId: row.user_id, column }, 'ignoring an unreadable stored settings value');
    return null;
  }
}
