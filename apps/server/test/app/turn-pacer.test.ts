import { describe, expect, it } from 'vitest';
import { TurnPacer, defaultDatabaseTurnBudgetMs } from '../../src/plugins/app/database-gate';

/** One turn of the event loop: resolves in the check phase, after the setImmediate callbacks queued before. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnPacer (issue 21: connections accepted while PGlite is busy)', () => {
  it('starts requests at once while the turn has used less than its budget, later ones in the next turn', async () => {
    let now = 0;
    const pacer = new TurnPacer(2, () => now);
    expect(pacer.enter()).toBeUndefined();
    now = 1.9;
    expect(pacer.enter()).toBeUndefined();
    now = 2;
    const late = pacer.enter();
    expect(late).toBeInstanceOf(Promise);
    let started = false;
    void late!.then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(false);
    await turn();
    expect(started).toBe(true);
  });

  it('gives every turn a fresh budget', async () => {
    let now = 0;
    const pacer = new TurnPacer(2, () => now);
    expect(pacer.enter()).toBeUndefined();
    now = 10;
    await turn();
    expect(pacer.enter()).toBeUndefined();
    now = 11;
    expect(pacer.enter()).toBeUndefined();
  });

  it('starts at least one waiting request per turn, in arrival order, even when each uses the whole budget', async () => {
    let now = 0;
    const pacer = new TurnPacer(2, () => now);
    expect(pacer.enter()).toBeUndefined();
    now = 5; // the first request's synchronous work took more than the budget
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) =>
      pacer.enter()!.then(() => {
        order.push(n);
        now += 5; // and so does each of these
      }),
    );
    await turn();
    expect(order).toEqual([1]);
    // A request arriving now queues behind those still waiting, even though this turn has room.
    const fourth = pacer.enter();
    expect(fourth).toBeInstanceOf(Promise);
    void fourth!.then(() => order.push(4));
    await turn();
    expect(order).toEqual([1, 2]);
    await turn();
    expect(order).toEqual([1, 2, 3]);
    await turn();
    expect(order).toEqual([1, 2, 3, 4]);
    await Promise.all(waiting);
    // Nothing waits any more: the next request starts at once.
    await turn();
    expect(pacer.enter()).toBeUndefined();
  });

  it('never lets newer requests overtake the oldest waiting one while requests keep arriving', async () => {
    // With PGlite a started request runs to its answer within its turn; its slot at the gate passes at once
    // to the next request, which enters the pacer in that same turn, while older ones still wait for theirs.
    // The first version of the pacer let each of those newcomers start before an older waiter: one waited
    // 2 197 turns (8 s) in bench:load. Here every start spends more than the budget.
    let now = 0;
    const pacer = new TurnPacer(2, () => now);
    expect(pacer.enter()).toBeUndefined();
    now = 5;
    const order: string[] = [];
    const all: Promise<void>[] = [];
    let arrived = 0;
    const newcomers = 12;
    const arrive = (name: string) => {
      const entered = pacer.enter() ?? Promise.resolve();
      all.push(
        entered.then(() => {
          order.push(name);
          now += 5;
          // The answer is sent, the slot passes on: the next request in the gate enters the pacer now.
          if (arrived < newcomers) arrive(`new ${++arrived}`);
        }),
      );
    };
    // Four requests hold the gate's slots and wait for their turn.
    for (const name of ['a', 'b', 'c', 'd']) arrive(name);
    let turns = 0;
    while (order.length < newcomers + 4 && turns < 200) {
      await turn();
      turns++;
    }
    await Promise.all(all);
    expect(order).toEqual([
      'a',
      'b',
      'c',
      'd',
      ...Array.from({ length: newcomers }, (_, i) => `new ${i + 1}`),
    ]);
    // Each waits at most two turns at the head of the queue.
    expect(turns).toBeLessThanOrEqual(2 * (newcomers + 4));
  });

  it('refuses a budget that is not positive', () => {
    expect(() => new TurnPacer(0)).toThrow(RangeError);
    expect(() => new TurnPacer(Number.NaN)).toThrow(RangeError);
  });

  it('paces the embedded database only: PostgreSQL runs its queries in its own processes', () => {
    expect(defaultDatabaseTurnBudgetMs('pglite')).toBe(2);
    expect(defaultDatabaseTurnBudgetMs('postgres')).toBeUndefined();
  });
});
