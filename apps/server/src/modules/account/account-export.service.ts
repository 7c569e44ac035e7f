import type { AccountExport } from '@visus/contracts';
import type { UserRow } from '../../db/schema';
import { toCurrentUser } from '../auth/auth.service';
import type { ClinicService } from '../clinic/clinic.service';
import type { ReviewsService } from '../clinic/reviews.service';
import type { ResultsService } from '../results/results.service';
import type { SettingsService } from '../settings/settings.service';

/**
 * GET /auth/export (DESIGN.md §5): all of the signed-in person's data as one JSON document — the account,
 * settings and history, results, and what the clinic side holds about them (issue 19): their consent and
 * its history, the whole log of clinician views, and every review of their results with its versions.
 * Password hashes, reset and invite codes are secrets, not personal data to hand out, and are left out.
 */
export class AccountExportService {
  constructor(
    private readonly deps: {
      settings: SettingsService;
      results: ResultsService;
      clinic: ClinicService;
      reviews: ReviewsService;
      now: () => Date;
    },
  ) {}

  async export(user: UserRow): Promise<AccountExport> {
    const { settings, results, clinic, reviews } = this.deps;
    const [tests, stored, sharing, reviewed] = await Promise.all([
      settings.load(user.id),
      results.all(user.id),
      clinic.sharing(user, null),
      reviews.reviewsAbout(user.id),
    ]);
    return {
      exportedAt: this.deps.now().toISOString(),
      account: toCurrentUser(user),
      tests,
      results: stored,
      sharing,
      reviews: reviewed,
    };
  }
}
