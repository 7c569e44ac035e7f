import { z } from 'zod';
import {
  MAX_VITALS_PER_REPORT,
  VITAL_NAMES,
  VITAL_NAVIGATION_TYPES,
  VITAL_RATINGS,
  VITALS_ROUTES,
} from './vitals-route';

/**
 * POST /api/v1/vitals — Web Vitals measured in real use (issue 9 part 6, SPEC.md §7: the reporting
 * module is loaded lazily). Nothing personal travels: the route is the screen's pattern, never the
 * address the person had open (no pin, no reset token, no query string), and the metric id is the
 * random id web-vitals gives each page load.
 */

export {
  VITAL_NAMES,
  type VitalName,
  VITAL_RATINGS,
  VITAL_NAVIGATION_TYPES,
  UNKNOWN_VITALS_ROUTE,
  MAX_VITALS_PER_REPORT,
  VITALS_ROUTES,
  vitalsRouteOf,
} from './vitals-route';

export const vitalMetricSchema = z.strictObject({
  name: z.enum(VITAL_NAMES, { error: `name must be one of ${VITAL_NAMES.join(', ')}` }),
  // Times are in ms (LCP, INP, FCP, TTFB); CLS is a unitless score. An hour bounds any real value.
  value: z
    .number({ error: 'value must be a number' })
    .min(0, { error: 'value must not be negative' })
    .max(3_600_000, { error: 'value must be at most 3600000' }),
  rating: z.enum(VITAL_RATINGS, { error: `rating must be one of ${VITAL_RATINGS.join(', ')}` }),
  // web-vitals ids look like `v5-1700000000000-8491234567890`.
  id: z.string().regex(/^[\w.-]{1,80}$/, { error: 'id must be 1 to 80 letters, digits, dots or dashes' }),
  navigationType: z
    .enum(VITAL_NAVIGATION_TYPES, {
      error: `navigationType must be one of ${VITAL_NAVIGATION_TYPES.join(', ')}`,
    })
    .optional(),
  route: z.string().refine((route) => VITALS_ROUTES.has(route), {
    error: 'route must be a screen pattern such as /controller/:token (no ids, pins or tokens)',
  }),
});
export type VitalMetric = z.infer<typeof vitalMetricSchema>;

export const vitalsReportSchema = z.strictObject({
  metrics: z
    .array(vitalMetricSchema, { error: 'metrics must be a list' })
    .min(1, { error: 'metrics must not be empty' })
    .max(MAX_VITALS_PER_REPORT, { error: `metrics must have at most ${MAX_VITALS_PER_REPORT} entries` }),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;
