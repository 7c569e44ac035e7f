import type { AccountExport } from '@visus/contracts';
import type { UserRow } from '../../db/schema';
import { toCurrentUser } from '../auth/auth.service';
import type { ClinicService } from '../clinic/clinic.service';
import type { ReviewsService } from '../clinic/reviews.service';
import type { ResultsService } from '../results/results.service';
import type { ScreenProfilesService } from '../settings/screen-profiles.service';
import type { SettingsService } from '../settings/settings.service';
import type { ShareLinksService } from '../share-links/share-links.service';

/**
 * GET /auth/export (DESIGN.md §5): all of the signed-in person's data as one JSON document — the account,
 * settings and history, results, and what the clinic side holds about them (issue 19): their consent and
 * its history, the whole log of clinician views, every review of their results with its versions, the
 * screens they calibrated and the share links they made (never a token: only hashes are kept).
 * Password hashes, reset and invite codes are secrets, not personal data to hand out, and are left out.
 */
export class AccountExportService {
  constructor(
    private readonly deps: {
      settings: SettingsService;
      results: ResultsService;
      clinic: ClinicService;
      reviews: ReviewsService;
      screens: ScreenProfilesService;
      shareLinks: ShareLinksService;
      now: () => Date;
    },
  ) {}

  async export(user: UserRow): Promise<AccountExport> {
    const { settings, results, clinic, reviews, screens, shareLinks } = this.deps;
    const [tests, stored, sharing, reviewed, profiles, links] = await Promise.all([
      settings.load(user.id),
      results.all(user.id),
      clinic.sharing(user, null),
      reviews.reviewsAbout(user.id),
      screens.list(user.id),
      shareLinks.all(user),
    ]);
    return {
      exportedAt: this.deps.now().toISOString(),
      account: toCurrentUser(user),
      tests,
      results: stored,
      sharing,
      reviews: reviewed,
      screenProfiles: profiles,
      shareLinks: links,
    };
  }
}
