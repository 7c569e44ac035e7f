import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SESSION_TTL_MS,
  chartTypesOf,
  partAFlow,
  pinFromRandomBytes,
  type ChartType,
  type TestId,
} from '@visus/core';
import {
  CONTROLLER_TAKEOVER_GRACE_MS,
  SESSION_NOT_FOUND,
  type Session,
  type SessionState,
} from '@visus/contracts';
import type { Database, TestSessionRow, UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { PinTakenError, SessionsRepository } from './sessions.repository';

/** Whether a session can still be used at `now`. */
export function sessionStatus(
  row: Pick<TestSessionRow, 'completed_at' | 'expires_at'>,
  now: Date,
): Session['status'] {
  if (row.completed_at) return 'completed';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'open';
}

export function toSession(row: TestSessionRow, now: Date): Session {
  return {
    pin: row.pin,
    user: row.user_id,
    units: row.units,
    pixelSize: row.pixel_size,
    testFlowA: row.test_flow_a,
    chartTypes: chartTypesOf(row.test_flow_a),
    crowding: row.crowding,
    single: row.single,
    testMode: row.test_mode,
    status: sessionStatus(row, now),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** What the server remembers of the display's progress, so that a phone can resume after a drop. */
export type RememberedState = Partial<Pick<SessionState, 'testStatus' | 'currentTest' | 'partBMethod'>>;

/** What a phone's handshake comes to: its own session, a session it took over, or someone else's. */
export type ControllerClaim = 'bound' | 'taken-over' | 'refused';

/** Test sessions: creation with an unguessable pin, owner-only reads, completion. */
export class SessionsService {
  readonly repository: SessionsRepository;
  private readonly now: () => Date;

  constructor(deps: { db: Kysely<Database>; now?: () => Date }) {
    this.repository = new SessionsRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
  }

  private async create(
    user: UserRow,
    options: {
      units: 'm' | 'ft';
      testFlowA: TestId[];
      single: TestId | null;
      testMode: boolean;
      crowding: boolean;
    },
  ): Promise<Session> {
    const now = this.now();
    const pixelSize = await this.repository.calibratedPixelSize(user.id);
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const row = await this.repository.create({
          pin: pinFromRandomBytes(crypto.randomBytes(32)),
          userId: user.id,
          pixelSize,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
          ...options,
        });
        return toSession(row, now);
      } catch (error) {
        if (!(error instanceof PinTakenError)) throw error;
      }
    }
    throw new Error('could not find a free pin in 5 attempts');
  }

  /** A full battery: Part A with the chosen chart (crowded if asked: contracts check it may be), then B and C. */
  createBattery(user: UserRow, chart: ChartType, units: 'm' | 'ft', crowding = false): Promise<Session> {
    return this.create(user, { units, testFlowA: partAFlow(chart), single: null, testMode: false, crowding });
  }

  /** One test on its own. */
  createSingle(
    user: UserRow,
    test: TestId,
    testMode: boolean,
    units: 'm' | 'ft',
    crowding = false,
  ): Promise<Session> {
    return this.create(user, { units, testFlowA: [test], single: test, testMode, crowding });
  }

  /** The owner's session; anyone else gets the same 404 as for a pin that does not exist. */
  async get(user: UserRow, pin: string): Promise<Session> {
    const row = await this.repository.findByPin(pin);
    if (!row || row.user_id !== user.id) throw new HttpError(404, SESSION_NOT_FOUND);
    return toSession(row, this.now());
  }

  /** Completes the owner's session (idempotent); its pin stops working for controllers. */
  async complete(user: UserRow, pin: string): Promise<Session> {
    const existing = await this.repository.findByPin(pin);
    if (!existing || existing.user_id !== user.id) throw new HttpError(404, SESSION_NOT_FOUND);
    const row = await this.repository.complete(pin, this.now());
    return toSession(row!, this.now());
  }

  /**
   * Merges `patch` into the session's remembered state in one atomic statement; keys left out keep
   * their stored value, so concurrent events of the display never undo each other.
   */
  async rememberState(pin: string, patch: RememberedState): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.repository.mergeState(pin, patch);
  }

  /**
   * Whether the phone with key hash `keyHash` may control the session. The first phone binds it and
   * can always come back. Another phone is refused while the bound one is connected (`controllerConnected`
   * asks every instance) or left less than CONTROLLER_TAKEOVER_GRACE_MS ago; after that it takes the
   * session over and the first phone's key stops working. A closed tab thus never locks a session for
   * good, and a phone that drops for a moment is not replaced behind its back.
   */
  async claimController(
    pin: string,
    keyHash: string,
    controllerConnected: () => Promise<boolean>,
  ): Promise<ControllerClaim> {
    if (await this.repository.bindController(pin, keyHash)) return 'bound';
    // The leaving time alone is not trusted while a phone is connected: a disconnect recorded late
    // (after the same phone came back on another instance) may have left a stale one.
    if (await controllerConnected()) return 'refused';
    const now = this.now();
    const leftBy = new Date(now.getTime() - CONTROLLER_TAKEOVER_GRACE_MS);
    if (await this.repository.takeOverController(pin, keyHash, leftBy)) return 'taken-over';
    // Nobody is connected but no leaving time may be recorded (an instance stopped with the phone
    // on it): the grace starts now, so such a session is not locked for good either.
    await this.repository.controllerMissingSince(pin, now);
    return 'refused';
  }

  /** The phone bound with `keyHash` has no connection left on any instance: its grace starts now. */
  controllerLeft(pin: string, keyHash: string): Promise<void> {
    return this.repository.controllerLeft(pin, keyHash, this.now());
  }

  /** The phone bound with `keyHash` is connected again: no other phone may take over. */
  controllerArrived(pin: string, keyHash: string): Promise<void> {
    return this.repository.controllerArrived(pin, keyHash);
  }
}
