import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  defaultScreenName,
  matchingScreenProfile,
  screenProfilesToForget,
  type CalibrationWindow,
} from '@visus/core';
import {
  cameraScaleSchema,
  settingsSchema,
  type ScreenProfile,
  type ScreenProfilePatch,
  type Settings,
} from '@visus/contracts';
import type { Database, ScreenProfileRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { ScreenProfilesRepository } from './screen-profiles.repository';
import { SettingsRepository } from './settings.repository';

/** The window the settings' calibration in use was made in, or null (method none, or an older record). */
export function settingsWindow(settings: Settings): Partial<CalibrationWindow> | null {
  const calibration =
    settings.method === 'card' ? settings.card : settings.method === 'diagonal' ? settings.diagonal : null;
  if (!calibration?.cssResolution || calibration.devicePixelRatio === undefined) return null;
  return { devicePixelRatio: calibration.devicePixelRatio, cssResolution: calibration.cssResolution };
}

const NOT_FOUND = 'Screen profile not found';

/**
 * Screen profiles (issue 18 item 4, docs/adr/0027): the calibration of each screen a person uses, kept
 * apart so that a second monitor no longer overwrites the first. The account's `settings` row stays the
 * calibration in use (every test and the results' calibration snapshot read it); a profile is put in use by
 * copying its settings there. Only the signed-in user's profiles are ever read or written; another's id
 * is a 404, as an unknown one is.
 */
export class ScreenProfilesService {
  private readonly profiles: ScreenProfilesRepository;
  private readonly settings: SettingsRepository;

  constructor(
    db: Kysely<Database>,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.profiles = new ScreenProfilesRepository(db);
    this.settings = new SettingsRepository(db);
  }

  async list(userId: string): Promise<ScreenProfile[]> {
    const rows = await this.profiles.list(userId);
    return rows.flatMap((row) => this.profileOf(row) ?? []);
  }

  /**
   * After a calibration or gamma is saved: keep `settings` in the profile of the screen it was made on —
   * the latest used profile of the same screen (size and zoom), else a new one named `name` (its size by
   * default) — and forget the longest unused beyond SCREEN_PROFILES_MAX. A calibration without its window
   * (older clients) or method none is kept in no profile.
   */
  async keep(userId: string, account: Settings, name?: string): Promise<void> {
    // A profile holds what belongs to the screen; the account's own preferences (autoAdvance,
    // speakInstructions) stay out.
    const { autoAdvance: _preference, speakInstructions: _voice, ...settings } = account;
    const window = settingsWindow(settings);
    if (!window?.cssResolution || window.devicePixelRatio === undefined) return;
    const current = { devicePixelRatio: window.devicePixelRatio, cssResolution: window.cssResolution };
    const all = await this.list(userId);
    const same = matchingScreenProfile(
      all.map((p) => ({ ...p, window: settingsWindow(p.settings) })),
      current,
    );
    if (same) {
      await this.profiles.update(userId, same.id, { settings, used: true, ...(name ? { name } : {}) });
      return;
    }
    const created = await this.profiles.insert(userId, name ?? defaultScreenName(window), settings);
    const forget = screenProfilesToForget([
      ...all.map((p) => ({ id: p.id, window: null, lastUsedAt: p.lastUsedAt })),
      { id: created.id, window: null, lastUsedAt: created.last_used_at.toISOString() },
    ]);
    await this.profiles.remove(
      userId,
      forget.map((p) => p.id),
    );
  }

  /** POST /tests/screen-profiles/:id/use: its settings become the account's; answers both. */
  async use(userId: string, id: string): Promise<{ profile: ScreenProfile; settings: Settings }> {
    const row = await this.profiles.update(userId, id, { used: true });
    const profile = row ? this.profileOf(row) : null;
    if (!profile) throw new HttpError(404, NOT_FOUND);
    const { method, card, diagonal, gamma } = profile.settings;
    const account = await this.settings.upsert(userId, { method, card, diagonal, gamma });
    return {
      profile,
      settings: {
        method,
        card,
        diagonal,
        gamma,
        autoAdvance: account.auto_advance,
        speakInstructions: account.speak_instructions,
      },
    };
  }

  /** PATCH /tests/screen-profiles/:id: rename it, or keep (or forget, null) the camera scale. */
  async patch(userId: string, id: string, patch: ScreenProfilePatch): Promise<ScreenProfile> {
    const row = await this.profiles.update(userId, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.cameraScale !== undefined ? { cameraScale: patch.cameraScale } : {}),
    });
    const profile = row ? this.profileOf(row) : null;
    if (!profile) throw new HttpError(404, NOT_FOUND);
    return profile;
  }

  /** DELETE /tests/screen-profiles/:id; the account's settings in use are not changed. */
  async remove(userId: string, id: string): Promise<void> {
    if ((await this.profiles.remove(userId, [id])) === 0) throw new HttpError(404, NOT_FOUND);
  }

  /** A row as the API answers it; a row no schema reads (hand-edited) is reported and left out. */
  private profileOf(row: ScreenProfileRow): ScreenProfile | null {
    const settings = settingsSchema.safeParse(row.settings);
    const camera = row.camera_scale === null ? null : cameraScaleSchema.safeParse(row.camera_scale);
    if (!settings.success || (camera && !camera.success)) {
      this.log?.warn({ userId: row.user_id, profile: row.id }, 'ignoring an unreadable screen profile');
      return null;
    }
    return {
      id: row.id,
      name: row.name,
      settings: settings.data,
      cameraScale: camera ? camera.data! : null,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at.toISOString(),
    };
  }
}
