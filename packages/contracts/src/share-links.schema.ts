import { z } from 'zod';
import { SHARE_LINK_DAY_RANGE } from '@visus/core';
import { storedResultSchema } from './results.schema';
import { notAnObject } from './schema-fields';

/*
 * Share links (issue 19 item 5): a read-only link to one result for an optometrist outside the clinic.
 * The link carries a long random token; only its SHA-256 is stored, so the URL is shown once, when made.
 */

export const SHARE_LINK_DAYS = SHARE_LINK_DAY_RANGE;

/**
 * The one answer for a share link that does not work, whether it never existed, expired or was revoked:
 * a visitor cannot tell which (docs/security.md).
 */
export const SHARE_LINK_UNAVAILABLE_REASON =
  'it has expired, was revoked by the person who made it, or never existed';
export const SHARE_LINK_UNAVAILABLE = `This share link does not work: ${SHARE_LINK_UNAVAILABLE_REASON}`;

export const SHARE_LINK_NOT_FOUND = 'Share link not found';

const daysError = `days must be a whole number from ${SHARE_LINK_DAYS.min} to ${SHARE_LINK_DAYS.max}`;

/** POST /tests/results/:id/share-links `{ days? }` (1–30, default 7). */
export const createShareLinkBodySchema = z
  .strictObject(
    {
      days: z
        .number({ error: daysError })
        .int({ error: daysError })
        .min(SHARE_LINK_DAYS.min, { error: daysError })
        .max(SHARE_LINK_DAYS.max, { error: daysError })
        .optional(),
    },
    { error: notAnObject('body must be an object { days? }') },
  )
  .nullish();
export type CreateShareLinkBody = z.input<typeof createShareLinkBodySchema>;

/** :id of the result a link is made for, and :linkId of one link; a malformed id is a 400 naming it. */
export const shareLinkResultParamsSchema = z.strictObject({
  id: z.uuid({ error: 'id must be a result id' }),
});
export const shareLinkParamsSchema = shareLinkResultParamsSchema.extend({
  linkId: z.uuid({ error: 'linkId must be a share link id' }),
});

/** The answer of POST: `url` carries the token and is never shown again. */
export const createdShareLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

/** One of my links as listed (never the token). */
export const shareLinkSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  /** How many times the shared page was opened. */
  opens: z.number().int(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

/** :token of the public routes: anything else than the token's shape is the same refusal as unknown. */
export const sharedTokenParamsSchema = z.strictObject({ token: z.string() });

export const SHARED_EXPORT_FORMATS = ['fhir', 'csv'] as const;
export type SharedExportFormat = (typeof SHARED_EXPORT_FORMATS)[number];
export const sharedExportQuerySchema = z.strictObject({
  format: z.enum(SHARED_EXPORT_FORMATS, { error: 'format must be fhir or csv' }),
});

/** GET /shared/:token: the one result, with the person as the report names them. */
export const sharedResultSchema = z.object({
  result: storedResultSchema,
  /** Name and date of birth, as the report's header shows them (null: not recorded). */
  person: z.object({ name: z.string(), dob: z.string().nullable() }),
  expiresAt: z.string(),
});
export type SharedResult = z.infer<typeof sharedResultSchema>;
