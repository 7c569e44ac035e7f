import type { UserRow } from '../../db/schema';

/** How long a looked-up account answers token checks from memory by default (docs/adr/0015). */
export const DEFAULT_ACCOUNT_CACHE_MS = 1000;
/** Accounts kept at most; beyond it the oldest is forgotten first. */
export const ACCOUNTS_KEPT = 10_000;

/**
 * The accounts behind recent token checks, for at most `ttlMs` (docs/adr/0015-account-cache.md). Every
 * write to an account in this process calls {@link forget} once it is committed, so a deleted account, a
 * changed role or a bumped token_version is seen by the very next request here; another instance (or a
 * command-line tool) may serve the old row for at most `ttlMs`. `ttlMs` 0 turns the cache off.
 *
 * A lookup that was in flight while an account was forgotten is not kept (the generation check): it may
 * have read the row before the change committed.
 */
export class AccountCache {
  private readonly rows = new Map<string, { row: UserRow; until: number }>();
  private generation = 0;

  constructor(
    readonly ttlMs: number = DEFAULT_ACCOUNT_CACHE_MS,
    private readonly keep = ACCOUNTS_KEPT,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.rows.size;
  }

  /** The account from memory while fresh, else from `load` (remembered unless forgotten meanwhile). */
  async get(id: string, load: (id: string) => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    if (this.ttlMs <= 0) return load(id);
    const hit = this.rows.get(id);
    if (hit) {
      if (hit.until > this.now()) return hit.row;
      this.rows.delete(id);
    }
    const generation = this.generation;
    const row = await load(id);
    if (row && generation === this.generation) {
      if (this.rows.size >= this.keep) this.rows.delete(this.rows.keys().next().value!);
      // Shared by every request of the account until it expires: nobody may change it.
      this.rows.set(id, { row: Object.freeze(row), until: this.now() + this.ttlMs });
    }
    return row;
  }

  /** After a write to the account has committed: the next lookup reads the database again. */
  forget(id: string): void {
    this.generation++;
    this.rows.delete(id);
  }
}
