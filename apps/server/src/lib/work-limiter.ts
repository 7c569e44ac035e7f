/** How much work may run at once, how many may wait for it, and for how long. */
export interface WorkLimits {
  /** Tasks running at the same time (≥ 1). */
  concurrency: number;
  /** Tasks allowed to wait for a free slot (≥ 0); one more is refused at once. */
  maxQueue: number;
  /** The longest a task waits for a slot before it is refused, in ms (≥ 1). */
  maxWaitMs: number;
}

/** Why a task was refused without running: the waiting queue was full, or it waited too long. */
export class WorkRefusedError extends Error {
  constructor(readonly reason: 'queue-full' | 'wait-limit') {
    super(reason === 'queue-full' ? 'work queue is full' : 'waited too long for a free slot');
  }
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A counting semaphore with a bounded first-in-first-out queue and a wait limit. It exists for work that
 * gets slower, not faster, when more of it runs at once: argon2 (CPU and memory) and requests to the
 * database (one PGlite connection, or PostgreSQL's pool). An unbounded queue turns a burst into minutes of
 * waiting; here a refused task never runs, and the caller answers quickly (e.g. 503) instead of hanging.
 */
export class WorkLimiter {
  private running = 0;
  /** Waiters in arrival order; a Set keeps insertion order and removes a timed-out waiter in O(1). */
  private readonly waiting = new Set<Waiter>();

  constructor(readonly limits: WorkLimits) {
    if (!Number.isInteger(limits.concurrency) || limits.concurrency < 1)
      throw new RangeError('concurrency must be a whole number ≥ 1');
    if (!Number.isInteger(limits.maxQueue) || limits.maxQueue < 0)
      throw new RangeError('maxQueue must be a whole number ≥ 0');
    if (!Number.isInteger(limits.maxWaitMs) || limits.maxWaitMs < 1)
      throw new RangeError('maxWaitMs must be a whole number ≥ 1');
  }

  /** Tasks running now and tasks waiting for a slot. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.size };
  }

  /**
   * Runs `task` when a slot is free, in arrival order. Rejects with {@link WorkRefusedError} (and never
   * runs the task) when the queue is full or no slot freed up within the wait limit.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  /**
   * Takes a slot for work whose end is not a promise (e.g. an HTTP request, released when its answer is
   * sent or its connection closes). Resolves with the release function once a slot is free, in arrival
   * order; rejects with {@link WorkRefusedError} as {@link run} does. Releasing more than once is harmless.
   */
  async acquire(): Promise<() => void> {
    await this.take();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.release();
    };
  }

  private take(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.size >= this.limits.maxQueue) return Promise.reject(new WorkRefusedError('queue-full'));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.delete(waiter);
          reject(new WorkRefusedError('wait-limit'));
        }, this.limits.maxWaitMs),
      };
      // A waiting task must not keep a closing process alive.
      waiter.timer.unref?.();
      this.waiting.add(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.values().next();
    if (next.done) {
      this.running--;
      return;
    }
    // The slot passes straight to the oldest waiter: `running` stays the same.
    this.waiting.delete(next.value);
    next.value.start();
  }
}
