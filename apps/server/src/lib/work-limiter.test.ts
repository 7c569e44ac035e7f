import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkLimiter, WorkRefusedError } from './work-limiter';

/** A task that runs until the test lets it finish, and records when it started. */
function gatedTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets every already-settled promise callback run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkLimiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most `concurrency` tasks at once and starts waiters in arrival order', async () => {
    const limiter = new WorkLimiter({ concurrency: 2, maxQueue: 10, maxWaitMs: 60_000 });
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => gatedTask(log, name));
    const results = tasks.map((t) => limiter.run(t.task));
    await flush();
    expect(log).toEqual(['start a', 'start b']);
    expect(limiter.load).toEqual({ running: 2, waiting: 3 });

    tasks[1]!.finish(); // b ends: c (the oldest waiter) takes its slot
    await flush();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    tasks[0]!.finish();
    await flush();
    expect(log.slice(-2)).toEqual(['end a', 'start d']);
    tasks[3]!.finish();
    await flush();
    expect(log.slice(-2)).toEqual(['end d', 'start e']);
    tasks[2]!.finish();
    tasks[4]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a task at once when the queue is full, without running it', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const log: string[] = [];
    const running = gatedTask(log, 'running');
    const queued = gatedTask(log, 'queued');
    const first = limiter.run(running.task);
    const second = limiter.run(queued.task);
    const refused = vi.fn(async () => 'never');
    await expect(limiter.run(refused)).rejects.toEqual(new WorkRefusedError('queue-full'));
    expect(refused).not.toHaveBeenCalled();
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });

    running.finish();
    queued.finish();
    expect([await first, await second]).toEqual(['running', 'queued']);
  });

  it('refuses every waiter at once with a queue of 0', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 0, maxWaitMs: 60_000 });
    const gate = gatedTask([], 'gate');
    const held = limiter.run(gate.task);
    await expect(limiter.run(async () => 1)).rejects.toBeInstanceOf(WorkRefusedError);
    gate.finish();
    await held;
    expect(await limiter.run(async () => 2)).toBe(2);
  });

  it('refuses a waiter that waited past the limit, and its slot goes to the next one', async () => {
    vi.useFakeTimers();
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 5, maxWaitMs: 1000 });
    const log: string[] = [];
    const gate = gatedTask(log, 'gate');
    const held = limiter.run(gate.task);
    const late = vi.fn(async () => 'late');
    const lateResult = limiter.run(late);
    const lateOutcome = lateResult.then(
      () => 'ran',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(500);
    const next = limiter.run(async () => 'next'); // arrives 500 ms later: its own 1000 ms start now
    await vi.advanceTimersByTimeAsync(500);
    expect(await lateOutcome).toEqual(new WorkRefusedError('wait-limit'));
    expect(late).not.toHaveBeenCalled();
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });

    gate.finish();
    await held;
    expect(await next).toBe('next');
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails, and passes the failure on', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const failing = limiter.run(async () => {
      throw new Error('boom');
    });
    const after = limiter.run(async () => 'after');
    await expect(failing).rejects.toThrow('boom');
    expect(await after).toBe('after');
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it('hands out slots as release functions; releasing twice frees one slot only', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const first = await limiter.acquire();
    const second = limiter.acquire();
    await flush();
    expect(limiter.load).toEqual({ running: 1, waiting: 1 });
    await expect(limiter.acquire()).rejects.toEqual(new WorkRefusedError('queue-full'));
    first();
    first(); // a second release of the same slot must not free the waiter's slot too
    const releaseSecond = await second;
    expect(limiter.load).toEqual({ running: 1, waiting: 0 });
    releaseSecond();
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it.each([
    [{ concurrency: 0, maxQueue: 1, maxWaitMs: 1 }, 'concurrency'],
    [{ concurrency: 1.5, maxQueue: 1, maxWaitMs: 1 }, 'concurrency'],
    [{ concurrency: 1, maxQueue: -1, maxWaitMs: 1 }, 'maxQueue'],
    [{ concurrency: 1, maxQueue: 1, maxWaitMs: 0 }, 'maxWaitMs'],
  ])('refuses impossible limits %o', (limits, name) => {
    expect(() => new WorkLimiter(limits)).toThrow(name);
  });
});
