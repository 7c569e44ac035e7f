import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  ACK_TIMEOUT_MS,
  MAX_KEYS_PER_SECOND,
  REALTIME_ERRORS,
  controllerEvents,
  displayEvents,
  handshakeSchema,
  type Ack,
  type SessionState,
} from '@visus/contracts';
import type { AuthService } from '../../../modules/auth/auth.service';
import {
  sessionStatus,
  type RememberedState,
  type SessionsService,
} from '../../../modules/sessions/sessions.service';
import { hashToken } from '../auth/tokens';
import { isDatabaseUnavailable } from '../../../db/unavailable';

type Kind = 'display' | 'controller';

interface SocketData {
  kind: Kind;
  pin: string;
  ownerId: string;
  keyTimes: number[];
  /** A controller's key hash: the phone the session is bound to (see SessionsService.claimController). */
  keyHash?: string;
}

const room = (pin: string) => `session:${pin}`;
/** Each side also has its own room, so a relay reaches only the other side (never a second tab of the sender's kind). */
const sideRoom = (pin: string, kind: Kind) => `session:${pin}:${kind}`;
const otherSide = (kind: Kind): Kind => (kind === 'display' ? 'controller' : 'display');

/** The events each side may send, with their schemas; anything else is refused. */
const INBOUND: Record<Kind, Record<string, z.ZodType>> = {
  display: displayEvents,
  controller: controllerEvents,
};

/** Display events whose content the server remembers so that a phone can resume after a drop. */
const REMEMBERED = new Set(['display-key', 'sync-controller', 'display-status']);

/** A fixed-window counter per key, for handshake attempts. In memory: one instance's view. */
class AttemptCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}
  allow(key: string, now: number): boolean {
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.prune(now);
      return true;
    }
    current.count += 1;
    return current.count <= this.max;
  }
  private prune(now: number) {
    for (const [key, value] of this.windows) if (now - value.start >= this.windowMs) this.windows.delete(key);
  }
}

function handshakeError(message: string): Error {
  const error = new Error(message) as Error & { data?: unknown };
  error.data = { error: message };
  return error;
}

/**
 * The `/tests` namespace (SPEC.md §7 Realtime, DESIGN.md §6): one room per session. Displays prove
 * themselves with their JWT and must own the session; a phone proves itself with the pin and binds the
 * session to its own random key, so a second phone with the same pin is refused while the first can
 * always reconnect — until the first has been gone for CONTROLLER_TAKEOVER_GRACE_MS, when the next
 * phone takes the session over (so a closed tab never locks a session for good). Every payload is
 * validated and relayed only to the other side of the same room, with the owner's id stamped in; the
 * sender's acknowledgement says whether the other side received it.
 */
/**
 * The address a handshake is counted against. Behind a trusted proxy every socket comes from the proxy,
 * so the client is the left-most X-Forwarded-For entry — the same rule Fastify applies to HTTP requests
 * with `trustProxy: true` (deploy/nginx sets that header to the address nginx saw).
 */
export function clientAddress(
  handshake: { address: string; headers: Record<string, string | string[] | undefined> },
  trustProxy: boolean,
): string {
  if (!trustProxy) return handshake.address;
  const header = handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
  return first || handshake.address;
}

/** What the server needs from the namespace when it stops. */
export interface TestsNamespace {
  /**
   * Resolves when no handshake, relay or join/leave bookkeeping (a phone's leaving time, the
   * `session-state` announcements) is running any more, so the database can be closed after it.
   */
  idle(): Promise<void>;
}

export function registerTestsNamespace(
  nsp: Namespace,
  deps: {
    auth: AuthService;
    sessions: SessionsService;
    log: FastifyBaseLogger;
    /** Handshakes (pin guesses) allowed per client address per minute. */
    handshakesPerMinute: number;
    /** Behind a reverse proxy (TRUST_PROXY): the client address comes from X-Forwarded-For, as for HTTP. */
    trustProxy?: boolean;
    /**
     * Several instances (scale-out): each announcement is confirmed by a fresh one this long after the
     * last change of the session seen here (see `announce`). Unset on a single instance.
     */
    confirmAfterMs?: number | undefined;
    now?: () => Date;
  },
): TestsNamespace {
  const now = deps.now ?? (() => new Date());
  const attempts = new AttemptCounter(deps.handshakesPerMinute, 60_000);

  /** Work that uses the database or the adapter, followed so that a stop can wait for it (idle()). */
  const running = new Set<Promise<unknown>>();
  function track(work: Promise<unknown>): void {
    running.add(work);
    void work
      .catch((error: unknown) => deps.log.error({ err: error }, 'realtime: unexpected failure'))
      .finally(() => running.delete(work));
  }

  nsp.use((socket, next) => track(handshake(socket, next)));

  async function handshake(socket: Socket, next: (err?: Error) => void): Promise<void> {
    const address = clientAddress(socket.handshake, deps.trustProxy ?? false);
    if (!attempts.allow(address, now().getTime())) {
      deps.log.warn({ address }, 'realtime: too many handshakes');
      return next(handshakeError(REALTIME_ERRORS.tooManyAttempts));
    }
    const parsed = handshakeSchema.safeParse(socket.handshake.auth);
    if (!parsed.success) return next(handshakeError(REALTIME_ERRORS.badHandshake));
    const hello = parsed.data;
    try {
      const session = await deps.sessions.repository.findByPin(hello.pin);
      if (!session) return next(handshakeError(REALTIME_ERRORS.sessionNotFound));
      if (hello.role === 'display') {
        let user;
        try {
          user = await deps.auth.authenticate(hello.token.replace(/^Bearer /, ''));
        } catch {
          return next(handshakeError(REALTIME_ERRORS.tokenNotValid));
        }
        // Someone else's pin looks exactly like a pin that does not exist.
        if (user.id !== session.user_id) return next(handshakeError(REALTIME_ERRORS.sessionNotFound));
      }
      if (sessionStatus(session, now()) !== 'open')
        return next(handshakeError(REALTIME_ERRORS.sessionClosed));
      const data: SocketData = { kind: hello.role, pin: hello.pin, ownerId: session.user_id, keyTimes: [] };
      if (hello.role === 'controller') {
        data.keyHash = hashToken(hello.controllerKey);
        const claim = await deps.sessions.claimController(hello.pin, data.keyHash, () =>
          controllerConnected(hello.pin),
        );
        const where = { pin: hello.pin.slice(0, 2) + '…' };
        if (claim === 'refused') {
          deps.log.warn(where, 'realtime: second controller refused');
          return next(handshakeError(REALTIME_ERRORS.controllerTaken));
        }
        if (claim === 'taken-over') deps.log.info(where, 'realtime: a new phone took over the session');
      }
      socket.data = data;
      next();
    } catch (error) {
      // A stopped or restarting database is said as such (the REST API answers 503 with the same words).
      if (isDatabaseUnavailable(error)) {
        deps.log.warn({ err: error }, 'realtime: handshake refused, database unavailable');
        return next(handshakeError(REALTIME_ERRORS.databaseUnavailable));
      }
      deps.log.error({ err: error }, 'realtime: handshake failed');
      next(handshakeError('Server Error'));
    }
  }

  async function presence(pin: string): Promise<{ display: boolean; controller: boolean }> {
    const [displays, controllers] = await Promise.all([
      nsp.in(sideRoom(pin, 'display')).fetchSockets(),
      nsp.in(sideRoom(pin, 'controller')).fetchSockets(),
    ]);
    return { display: displays.length > 0, controller: controllers.length > 0 };
  }

  /**
   * Whether any instance has a controller of the session connected. When that cannot be told (an
   * instance does not answer in time), the answer is yes: a phone is refused for now rather than
   * taking over a session whose phone may still be there.
   */
  async function controllerConnected(pin: string): Promise<boolean> {
    try {
      return (await presence(pin)).controller;
    } catch (error) {
      deps.log.warn({ err: error }, 'realtime: controller presence unknown');
      return true;
    }
  }

  /** After a controller socket closed: if it was the phone's last connection, its grace starts. */
  async function noteControllerLeft(pin: string, keyHash: string): Promise<void> {
    try {
      if (!(await presence(pin)).controller) await deps.sessions.controllerLeft(pin, keyHash);
    } catch (error) {
      // Without a leaving time the next phone finds the session empty and starts the grace itself
      // (SessionsService.claimController), so nothing is locked for good.
      deps.log.warn({ err: error }, 'realtime: controller leaving time not recorded');
    }
  }

  async function sessionState(pin: string): Promise<SessionState> {
    const [row, present] = await Promise.all([deps.sessions.repository.findByPin(pin), presence(pin)]);
    const state = (row?.state ?? {}) as Partial<
      Pick<SessionState, 'testStatus' | 'currentTest' | 'partBMethod'>
    >;
    return {
      pin,
      testStatus: state.testStatus ?? null,
      currentTest: state.currentTest ?? null,
      partBMethod: state.partBMethod ?? null,
      displayConnected: present.display,
      controllerConnected: present.controller,
    };
  }

  /**
   * Tells everyone in the room who is there and where the test is. Announcements of one session are
   * queued: each is computed after the previous one went out, so a slow early one can never arrive
   * after, and contradict, a later one.
   */
  const announcing = new Map<string, Promise<void>>();
  /**
   * With several instances the queue above orders one instance's announcements only. An instance that
   * asks the others who is there (fetchSockets) while a phone joins on another one may be told "no
   * phone", and its announcement can then arrive after the joining instance's "phone connected" —
   * leaving the display sure that no phone is there (seen in CI under load). So in scale-out every
   * change is confirmed once things have settled: a fresh announcement `confirmAfterMs` after the last
   * announcement of a change this instance sent, whose answer reflects every instance by then.
   */
  const confirmations = new Map<string, NodeJS.Timeout>();
  let stopping = false;
  function announce(pin: string, options: { confirmation?: boolean } = {}): Promise<void> {
    const previous = announcing.get(pin) ?? Promise.resolve();
    const current = previous
      .then(async () => {
        nsp.to(room(pin)).emit('session-state', await sessionState(pin));
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'realtime: announcement failed'));
    announcing.set(pin, current);
    void current.then(() => {
      if (announcing.get(pin) === current) announcing.delete(pin);
    });
    if (!options.confirmation) void current.then(() => confirmLater(pin));
    return current;
  }
  /** (Re)starts the session's confirmation, counted from the last announcement this instance sent. */
  function confirmLater(pin: string): void {
    if (deps.confirmAfterMs === undefined || stopping) return;
    clearTimeout(confirmations.get(pin));
    const timer = setTimeout(() => {
      confirmations.delete(pin);
      track(announce(pin, { confirmation: true }));
    }, deps.confirmAfterMs);
    timer.unref();
    confirmations.set(pin, timer);
  }

  nsp.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    // Listeners first: a client may emit in the same tick as it connects, and an event that arrives
    // before its listener is lost.

    socket.on('disconnect', (reason: string) => {
      // Why a link dropped ('ping timeout', 'transport close', 'server namespace disconnect', …): the
      // first thing to know when a display or a phone says it is reconnecting.
      deps.log.info({ kind: data.kind, session: `${data.pin.slice(0, 2)}…`, reason }, 'realtime: left');
      track(
        (async () => {
          // The leaving time first: when the display hears controllerConnected: false, the grace after
          // which another phone may take over has started.
          if (data.kind === 'controller' && data.keyHash) await noteControllerLeft(data.pin, data.keyHash);
          await announce(data.pin);
        })(),
      );
    });

    socket.onAny((event: string, ...args: unknown[]) => track(relay(event, args)));

    async function relay(event: string, args: unknown[]): Promise<void> {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: Ack) => void) : undefined;
      const reply = (answer: Ack) => ack?.(answer);
      const schema = INBOUND[data.kind][event];
      if (!schema) {
        deps.log.warn(
          { event: event.slice(0, 40), kind: data.kind },
          'realtime: unknown or wrong-side event',
        );
        return reply({ ok: false, error: REALTIME_ERRORS.unknownEvent });
      }
      // The phone's presses share one budget: its keys and its voice switch (controller-speech).
      if (event === 'controller-key' || event === 'controller-speech') {
        const t = now().getTime();
        data.keyTimes = data.keyTimes.filter((k) => t - k < 1000);
        if (data.keyTimes.length >= MAX_KEYS_PER_SECOND) {
          deps.log.warn({ kind: data.kind }, 'realtime: key flood refused');
          return reply({ ok: false, error: REALTIME_ERRORS.tooManyKeys });
        }
        data.keyTimes.push(t);
      }
      const parsed = schema.safeParse(args[0]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return reply({ ok: false, error: `Invalid ${event}: ${where}${issue?.message ?? 'bad payload'}` });
      }
      const payload = { ...(parsed.data as Record<string, unknown>), userId: data.ownerId };
      try {
        if (data.kind === 'display' && REMEMBERED.has(event)) {
          try {
            const p = payload as RememberedState;
            await deps.sessions.rememberState(data.pin, {
              ...(p.testStatus !== undefined ? { testStatus: p.testStatus } : {}),
              ...(p.currentTest !== undefined ? { currentTest: p.currentTest } : {}),
              ...(p.partBMethod !== undefined ? { partBMethod: p.partBMethod } : {}),
            });
          } catch (error) {
            // The relay itself needs no database: while it is stopped or restarting only the remembered
            // state is lost (a phone that reconnects meanwhile gets it from the display's display-reconnect).
            if (!isDatabaseUnavailable(error)) throw error;
            deps.log.warn({ err: error, event }, 'realtime: state not remembered, database unavailable');
          }
        }
        // One broadcast with acknowledgement reaches the other side on whichever instance it is
        // connected to; the number of answers says whether anyone received it.
        nsp
          .to(sideRoom(data.pin, otherSide(data.kind)))
          .timeout(ACK_TIMEOUT_MS)
          .emit(event, payload, (err: Error | null, responses: unknown[] = []) => {
            if (err && responses.length === 0) reply({ ok: false, error: REALTIME_ERRORS.peerTimeout });
            else reply({ ok: true, delivered: responses.length > 0 });
          });
      } catch (error) {
        deps.log.error({ err: error, event }, 'realtime: relay failed');
        reply({ ok: false, error: 'Server Error' });
      }
    }

    track(
      (async () => {
        await socket.join([room(data.pin), sideRoom(data.pin, data.kind)]);
        deps.log.info({ kind: data.kind, session: `${data.pin.slice(0, 2)}…` }, 'realtime: joined');
        if (data.kind === 'controller' && data.keyHash) {
          // The handshake cleared the leaving time, but the disconnect of this phone's previous socket
          // (perhaps on another instance) may have recorded one since, before this socket was in the
          // room; now that it is, clear it again.
          try {
            await deps.sessions.controllerArrived(data.pin, data.keyHash);
          } catch (error) {
            deps.log.warn({ err: error }, 'realtime: controller arrival not recorded');
          }
        }
        await announce(data.pin);
      })(),
    );
  });

  return {
    async idle() {
      // A stopping instance confirms nothing more: the instances that stay up announce what follows.
      stopping = true;
      for (const timer of confirmations.values()) clearTimeout(timer);
      confirmations.clear();
      // Finishing work may start more (a disconnect's announcement): wait until nothing is left.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** Ends a session's realtime link: everyone is told and disconnected (after PATCH complete). */
export async function closeSessionRoom(nsp: Namespace, pin: string): Promise<void> {
  nsp.to(room(pin)).emit('session-ended', { pin });
  nsp.in(room(pin)).disconnectSockets(true);
}
