import { z } from 'zod';
import { currentUserSchema } from './auth.schema';
import { reviewSchema, sharingSchema } from './clinic.schema';
import { storedResultSchema } from './results.schema';
import { screenProfileSchema } from './screen-profiles.schema';
import { testsDataSchema } from './settings.schema';
import { shareLinkSchema } from './share-links.schema';

/**
 * GET /auth/export: everything Visus keeps about the signed-in person, as JSON (DESIGN.md §5): the
 * account, calibration and optical history, every result, the consent to share with the clinic with its
 * history, every clinician view of their data (the whole log, not the latest page GET /sharing shows) and
 * every version of every review of their results (issue 19), the screens they calibrated (docs/adr/0027)
 * and the share links they made (without their tokens, which are not kept).
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: currentUserSchema,
  tests: testsDataSchema,
  results: z.array(storedResultSchema),
  sharing: sharingSchema,
  reviews: z.array(reviewSchema),
  screenProfiles: z.array(screenProfileSchema),
  shareLinks: z.array(shareLinkSchema.extend({ resultId: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
