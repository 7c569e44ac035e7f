import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { HttpError } from '../../../lib/http-error';
import { WorkLimiter, WorkRefusedError, type WorkLimits } from '../../../lib/work-limiter';

/**
 * argon2id with OWASP's minimum profile (m = 19 MiB, t = 2, p = 1). The parameters travel inside the
 * hash string, so raising them later still verifies old hashes.
 */
// 2 = Argon2id (the enum is a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes without any bound. The server goes through {@link PasswordHasher}; this is for one-off work
 * outside it (the user:create command, benchmark seeding).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed hash; never throws for bad input. Unbounded, as above. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The words of the 503 when password work is refused; `seconds` is also the Retry-After header. */
export function passwordWorkBusyMessage(seconds: number): string {
  return `The server is busy checking other passwords. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** 503 with Retry-After: the password work was refused because too much of it is running or waiting. */
export class PasswordWorkBusyError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, passwordWorkBusyMessage(retryAfterSeconds), { 'retry-after': String(retryAfterSeconds) });
  }
}

/** Made once per process (itself through the bound, on first use): the hash an unknown email is checked against. */
let dummyHash: Promise<string> | undefined;

/**
 * Every argon2 computation of the server, through one {@link WorkLimiter}. argon2id costs 19 MiB and tens
 * of ms of a core each; unbounded, a burst of sign-ins fills libuv's threads, takes every core from the
 * event loop and slows every other request (bench/load/README.md). Bounded to about one per spare core,
 * with a short FIFO queue; beyond the queue or the wait limit the request fails fast with
 * {@link PasswordWorkBusyError} (503, Retry-After) instead of hanging.
 */
export class PasswordHasher {
  readonly limiter: WorkLimiter;
  /** Everyone waiting now has been served or refused by then: the honest Retry-After. */
  private readonly retryAfterSeconds: number;

  constructor(limits: WorkLimits) {
    this.limiter = new WorkLimiter(limits);
    this.retryAfterSeconds = Math.max(1, Math.ceil(limits.maxWaitMs / 1000));
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.limiter.run(work);
    } catch (error) {
      if (error instanceof WorkRefusedError) throw new PasswordWorkBusyError(this.retryAfterSeconds);
      throw error;
    }
  }

  hash(password: string): Promise<string> {
    return this.bounded(() => hashPassword(password));
  }

  /** False for a wrong password and for a malformed hash; {@link PasswordWorkBusyError} when refused. */
  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.bounded(() => verifyPassword(passwordHash, password));
  }

  /**
   * Spends the same time as a real verification, through the same bound and queue. Used when the email is
   * unknown, so that a wrong email and a wrong password answer alike, in similar time, and are refused
   * alike when the server is busy (no account enumeration by timing or by status).
   */
  burn(password: string): Promise<void> {
    return this.bounded(async () => {
      dummyHash ??= hashPassword('visus-timing-equaliser').catch((error: unknown) => {
        dummyHash = undefined;
        throw error;
      });
      await verifyPassword(await dummyHash, password);
    });
  }
}
