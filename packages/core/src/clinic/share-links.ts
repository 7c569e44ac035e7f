import { CoreInputError } from '../errors/core-input-error';

/*
 * Share links (issue 19 item 5): when a link stops working and what state it is in. The server decides
 * with these whether a link opens; the result page shows the same state to the patient.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The days a link may last: 1 to 30, 7 unless the patient chooses. */
export const SHARE_LINK_DAY_RANGE = { min: 1, max: 30, default: 7 } as const;

/**
 * When a link made at `now` for `days` whole days stops working: exactly `days` × 24 h later
 * (expiresAt = now + days · 86 400 000 ms), so a 7-day link made Monday 10:00 works until the next Monday
 * 10:00 whatever the time zone or a daylight-saving change in between.
 */
export function shareLinkExpiresAt(now: Date, days: number = SHARE_LINK_DAY_RANGE.default): Date {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new CoreInputError('now must be a date');
  if (!Number.isInteger(days) || days < SHARE_LINK_DAY_RANGE.min || days > SHARE_LINK_DAY_RANGE.max)
    throw new CoreInputError(
      `days must be a whole number from ${SHARE_LINK_DAY_RANGE.min} to ${SHARE_LINK_DAY_RANGE.max}`,
    );
  return new Date(now.getTime() + days * DAY_MS);
}

export type ShareLinkState = 'active' | 'expired' | 'revoked';

/**
 * A link's state at `now`: revoked once revoked (even if it has expired since), else expired from the
 * instant `expiresAt` on (the end is exclusive: at expiresAt it no longer opens), else active.
 */
export function shareLinkState(
  link: { expiresAt: string | Date; revokedAt: string | Date | null },
  now: Date,
): ShareLinkState {
  if (link.revokedAt !== null) return 'revoked';
  const end = new Date(link.expiresAt).getTime();
  if (Number.isNaN(end)) throw new CoreInputError('expiresAt must be a date');
  return now.getTime() >= end ? 'expired' : 'active';
}
