import type { Kysely } from 'kysely';
import {
  RESULT_NOT_FOUND,
  SHARE_LINK_NOT_FOUND,
  SHARE_LINK_UNAVAILABLE,
  type CreatedShareLink,
  type CreateShareLinkBody,
  type ShareLink,
  type ShareLinkList,
  type SharedExportFormat,
  type SharedResult,
  type StoredResult,
} from '@visus/contracts';
import { resultsToCsv, resultsToFhirBundle, shareLinkExpiresAt, type FhirPatientInput } from '@visus/core';
import type { Database, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { hashToken, randomToken } from '../../plugins/app/auth/tokens';
import { toStoredResult } from '../results/results.service';
import { ShareLinksRepository, type ShareLinkRow } from './share-links.repository';

/** The shape of randomToken(): 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A file of the shared result: name, text and media type (Content-Disposition: attachment). */
export interface SharedFile {
  name: string;
  content: string;
  type: string;
}

const FILE_TYPES: Record<SharedExportFormat, { extension: string; type: string }> = {
  fhir: { extension: 'fhir.json', type: 'application/fhir+json; charset=utf-8' },
  csv: { extension: 'csv', type: 'text/csv; charset=utf-8' },
};

function toShareLink(row: ShareLinkRow): ShareLink {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
    lastOpenedAt: row.last_opened_at ? row.last_opened_at.toISOString() : null,
    opens: row.opens,
  };
}

/**
 * Share links (issue 19 item 5, docs/adr/0022-share-links.md): a patient makes a read-only link to one of
 * their results for an optometrist outside the clinic, lists and revokes it. The link's token is random
 * (256 bits) and stored only as its SHA-256, as invites are. A signed-out visitor with the link reads that
 * one result and its FHIR/CSV files, nothing else; every use is written to the patient's access log. A link
 * that does not work answers the same 404 whether it never existed, expired or was revoked.
 */
export class ShareLinksService {
  private readonly repository: ShareLinksRepository;
  private readonly now: () => Date;

  constructor(private readonly deps: { db: Kysely<Database>; publicUrl: string; now?: () => Date }) {
    this.repository = new ShareLinksRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
  }

  private async ownResult(user: UserRow, resultId: string): Promise<void> {
    if (!(await this.repository.ownedResult(user.id, resultId))) throw new HttpError(404, RESULT_NOT_FOUND);
  }

  /** Makes a link to one of the caller's results; the URL (with the token) is answered only here. */
  async create(user: UserRow, resultId: string, body: CreateShareLinkBody): Promise<CreatedShareLink> {
    await this.ownResult(user, resultId);
    const token = randomToken();
    const now = this.now();
    const row = await this.repository.create({
      userId: user.id,
      resultId,
      tokenHash: hashToken(token),
      now,
      expiresAt: shareLinkExpiresAt(now, body?.days ?? undefined),
    });
    return {
      id: row.id,
      url: `${this.deps.publicUrl}/shared/${token}`,
      expiresAt: row.expires_at.toISOString(),
    };
  }

  /** The caller's links to one of their results, newest first (never a token). */
  /** Every link the person made, with the result it opens (GET /auth/export; never a token). */
  async all(user: UserRow): Promise<(ShareLink & { resultId: string })[]> {
    const rows = await this.repository.listAll(user.id);
    return rows.map((row) => ({ ...toShareLink(row), resultId: row.result_id }));
  }

  async list(user: UserRow, resultId: string): Promise<ShareLinkList> {
    await this.ownResult(user, resultId);
    return { links: (await this.repository.list(user.id, resultId)).map(toShareLink) };
  }

  /** Revokes one of the caller's links at once; revoking it again changes nothing. */
  async revoke(user: UserRow, resultId: string, linkId: string): Promise<ShareLink> {
    await this.ownResult(user, resultId);
    const row = await this.repository.revoke(user.id, resultId, linkId, this.now());
    if (!row) throw new HttpError(404, SHARE_LINK_NOT_FOUND);
    return toShareLink(row);
  }

  /** Uses a working link (or refuses with the one message), returning the result it shares. */
  private async use(token: string, action: 'share-link-view' | 'share-link-fhir' | 'share-link-csv') {
    if (!TOKEN_SHAPE.test(token)) throw new HttpError(404, SHARE_LINK_UNAVAILABLE);
    const now = this.now();
    const link = await this.repository.use(hashToken(token), now, action === 'share-link-view');
    if (!link) throw new HttpError(404, SHARE_LINK_UNAVAILABLE);
    const row = await this.repository.sharedResult(link.user_id, link.result_id);
    if (!row) throw new HttpError(404, SHARE_LINK_UNAVAILABLE);
    await this.repository.logUse(link, action, now);
    const { owner_name: name, owner_dob: dob, ...result } = row;
    // The session id is the owner's business, not the report's.
    const stored: StoredResult = { ...toStoredResult(result), session: null };
    return { now, link, stored, person: { name, dob } };
  }

  /** The shared page's data: the one result and the person as the report names them. */
  async open(token: string): Promise<SharedResult> {
    const { link, stored, person } = await this.use(token, 'share-link-view');
    return { result: stored, person, expiresAt: link.expires_at.toISOString() };
  }

  /**
   * The shared result as a file a clinic takes (core's exporters, as the owner's own downloads build
   * them, with the same patient identifier so that an import next to the owner's files matches).
   */
  async export(token: string, format: SharedExportFormat): Promise<SharedFile> {
    const { now, link, stored, person } = await this.use(
      token,
      format === 'fhir' ? 'share-link-fhir' : 'share-link-csv',
    );
    const patient: FhirPatientInput = {
      id: link.user_id,
      name: person.name,
      ...(person.dob ? { birthDate: person.dob } : {}),
    };
    const content =
      format === 'csv'
        ? resultsToCsv([stored], patient)
        : `${JSON.stringify(
            resultsToFhirBundle([stored], {
              base: this.deps.publicUrl,
              timestamp: now.toISOString(),
              patient,
            }),
            null,
            2,
          )}\n`;
    const day = stored.setup.date.slice(0, 10);
    const name = `visus-result-${/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : now.toISOString().slice(0, 10)}`;
    return { name: `${name}.${FILE_TYPES[format].extension}`, content, type: FILE_TYPES[format].type };
  }
}
