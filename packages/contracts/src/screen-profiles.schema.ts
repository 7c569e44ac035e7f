import { z } from 'zod';
import { CALIBRATION_LIMITS } from '@visus/core';
import { screenNameSchema, settingsSchema } from './settings.schema';

/*
 * Screen profiles (issue 18 item 4, docs/adr/0027): one calibration per display, kept per account under
 * /tests/screen-profiles. Saving a calibration (PUT /tests/settings) keeps it in the profile of the screen
 * it was made on; putting a profile in use makes its calibration the account's settings.
 */

/**
 * The person's camera scale for this screen (core CameraScale): `mm` = d0 × span / image width, anchored
 * at `anchorMm`, the calibration distance it was taken at, by the typed distance or the blind-spot check.
 */
export const cameraScaleSchema = z.strictObject({
  mm: z
    .number({ error: 'cameraScale.mm must be a number' })
    .refine((n) => Number.isFinite(n) && n > 0 && n <= 10_000, {
      error: 'cameraScale.mm must be a positive number of mm (at most 10000)',
    }),
  anchor: z.enum(['typed', 'blind-spot'], { error: "cameraScale.anchor must be 'typed' or 'blind-spot'" }),
  anchorMm: z
    .number({ error: 'cameraScale.anchorMm must be a number' })
    .refine(
      (n) =>
        Number.isFinite(n) &&
        n >= CALIBRATION_LIMITS.distanceMm.min &&
        n <= CALIBRATION_LIMITS.distanceMm.max,
      {
        error: `cameraScale.anchorMm must be between ${CALIBRATION_LIMITS.distanceMm.min} and ${CALIBRATION_LIMITS.distanceMm.max} mm`,
      },
    ),
});
export type CameraScaleData = z.infer<typeof cameraScaleSchema>;

/** A stored screen profile as the API answers it. */
export const screenProfileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  settings: settingsSchema,
  cameraScale: cameraScaleSchema.nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});
export type ScreenProfile = z.infer<typeof screenProfileSchema>;

/** GET /tests/screen-profiles: the account's screens, the latest used first. */
export const screenProfilesDataSchema = z.object({ profiles: z.array(screenProfileSchema) });
export type ScreenProfilesData = z.infer<typeof screenProfilesDataSchema>;

export const screenProfileParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a screen profile id' }),
});

/** PATCH /tests/screen-profiles/:id: a new name and/or the camera scale (null forgets it). */
export const screenProfilePatchSchema = z
  .strictObject({
    name: screenNameSchema.optional(),
    cameraScale: cameraScaleSchema.nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.cameraScale !== undefined, {
    error: 'Send a name or a cameraScale',
  });
export type ScreenProfilePatch = z.infer<typeof screenProfilePatchSchema>;

/** POST /tests/screen-profiles/:id/use and PATCH answer the profile and the account's settings now. */
export const screenProfileDataSchema = z.object({ profile: screenProfileSchema, settings: settingsSchema });
export type ScreenProfileData = z.infer<typeof screenProfileDataSchema>;
