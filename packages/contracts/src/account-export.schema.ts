import { z } from 'zod';
import { currentUserSchema } from './auth.schema';
import { reviewSchema, sharingSchema } from './clinic.schema';
import { storedResultSchema } from './results.schema';
import { testsDataSchema } from './settings.schema';

/**
 * GET /auth/export: everything Visus keeps about the signed-in person, as JSON (DESIGN.md §5): the
 * account, calibration and optical history, every result, the consent to share with the clinic with its
 * history, every clinician view of their data (the whole log, not the latest page GET /sharing shows) and
 * every version of every review of their results (issue 19).
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: currentUserSchema,
  tests: testsDataSchema,
  results: z.array(storedResultSchema),
  sharing: sharingSchema,
  reviews: z.array(reviewSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
