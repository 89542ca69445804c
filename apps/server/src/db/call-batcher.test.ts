import { describe, expect, it } from 'vitest';
import { createCallBatcher } from './call-batcher.ts';

/** A database stand-in: each statement answers when the test lets it. */
function fakeDatabase() {
  const statements: { calls: number[]; release: (error?: Error) => void }[] = [];
  const alone: number[] = [];
  const runMany = (calls: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        calls,
        release: (error) => (error ? reject(error) : resolve(calls.map((call) => `many:${call}`))),
      });
    });
  const runOne = (call: number) => {
    alone.push(call);
    return call < 0 ? Promise.reject(new Error(`bad call ${call}`)) : Promise.resolve(`one:${call}`);
  };
  return { statements, alone, runMany, runOne };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A runOne whose call 0 keeps its connection until `release()` (a slow first statement, calls
 * queueing behind it); any other call goes to `otherwise`.
 */
function holdingFirst(otherwise: (call: number) => Promise<string>) {
  let release: (() => void) | undefined;
  const runOne = (call: number) =>
    call === 0 ? new Promise<string>((resolve) => (release = () => resolve('one:0'))) : otherwise(call);
  return { runOne, release: () => release!() };
}

describe('createCallBatcher', () => {
  it('sends a call at once and alone while a connection is free', async () => {
    const database = fakeDatabase();
    const batcher = createCallBatcher({ concurrency: 2, maxBatch: 8, ...database });
    await expect(batcher.run(1)).resolves.toBe('one:1');
    await expect(batcher.run(2)).resolves.toBe('one:2');
    expect(database.alone).toEqual([1, 2]);
    expect(database.statements).toHaveLength(0);
  });

  it('groups the calls that arrive while every connection is busy, spread over the free ones', async () => {
    const database = fakeDatabase();
    const slowFirst = holdingFirst(database.runOne);
    const batcher = createCallBatcher({
      concurrency: 2,
      maxBatch: 3,
      runOne: slowFirst.runOne,
      runMany: database.runMany,
    });
    const first = batcher.run(0); // takes one connection
    const answers = Array.from({ length: 9 }, (_, index) => batcher.run(index + 1));
    // Call 1 took the second connection alone; 2…9 wait for a connection.
    expect(batcher.inFlight).toBe(2);
    expect(batcher.waiting).toBe(8);
    slowFirst.release();
    await first;
    await tick();
    // Both connections free (call 1 answered at once), eight waiting: the most a batch takes, twice.
    expect(database.statements.map((statement) => statement.calls)).toEqual([
      [2, 3, 4],
      [5, 6, 7],
    ]);
    expect(batcher.waiting).toBe(2);
    database.statements[1]!.release();
    await tick();
    expect(database.statements[2]!.calls).toEqual([8, 9]);
    database.statements[0]!.release();
    database.statements[2]!.release();
    expect(await Promise.all(answers)).toEqual([
      'one:1',
      'many:2',
      'many:3',
      'many:4',
      'many:5',
      'many:6',
      'many:7',
      'many:8',
      'many:9',
    ]);
    expect(batcher.inFlight).toBe(0);
    expect(batcher.waiting).toBe(0);
  });

  it('never has more batches in flight than its concurrency', async () => {
    const database = fakeDatabase();
    let inFlight = 0;
    let most = 0;
    const batcher = createCallBatcher({
      concurrency: 3,
      maxBatch: 4,
      runOne: async (call: number) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        inFlight -= 1;
        return `one:${call}`;
      },
      runMany: async (calls: number[]) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        inFlight -= 1;
        return calls.map((call) => `many:${call}`);
      },
    });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => batcher.run(index)));
    expect(answers).toHaveLength(50);
    expect(answers.every((answer, index) => answer.endsWith(`:${index}`))).toBe(true);
    expect(most).toBe(3);
    expect(database.statements).toHaveLength(0);
  });

  it('sends the next batch before it hands out the answers of the one that came back', async () => {
    const database = fakeDatabase();
    const order: string[] = [];
    const hold = holdingFirst((call) => Promise.resolve(`one:${call}`));
    const batcher = createCallBatcher({
      concurrency: 1,
      maxBatch: 8,
      runOne: hold.runOne,
      runMany: (calls: number[]) => {
        order.push(`sent ${calls.join(',')}`);
        return database.runMany(calls);
      },
    });
    const answered = (answer: Promise<string>) => answer.then((value) => order.push(`answered ${value}`));
    const first = answered(batcher.run(0));
    const second = Promise.all([answered(batcher.run(1)), answered(batcher.run(2))]);
    hold.release();
    await first;
    // Calls 1 and 2 were on their way to the database before call 0's caller got its answer.
    expect(order).toEqual(['sent 1,2', 'answered one:0']);
    const third = Promise.all([answered(batcher.run(3)), answered(batcher.run(4))]);
    database.statements[0]!.release();
    await second;
    expect(order.slice(2)).toEqual(['sent 3,4', 'answered many:1', 'answered many:2']);
    database.statements[1]!.release();
    await third;
    expect(order.slice(5)).toEqual(['answered many:3', 'answered many:4']);
    expect(batcher.inFlight).toBe(0);
  });

  it('runs each call of a failed batch again alone: the bad call fails, the others get their answers', async () => {
    const database = fakeDatabase();
    const failures: number[] = [];
    const hold = holdingFirst(database.runOne);
    const batcher = createCallBatcher({
      concurrency: 1,
      maxBatch: 8,
      runOne: hold.runOne,
      runMany: database.runMany,
      onBatchFailed: (_error, size) => failures.push(size),
    });
    const first = batcher.run(0);
    const answers = [batcher.run(1), batcher.run(-2), batcher.run(3)].map((answer) =>
      answer.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    hold.release();
    await first;
    await tick();
    expect(database.statements[0]!.calls).toEqual([1, -2, 3]);
    database.statements[0]!.release(new Error('invalid input syntax for type bigint'));
    expect(await Promise.all(answers)).toEqual([
      { value: 'one:1' },
      { error: 'bad call -2' },
      { value: 'one:3' },
    ]);
    expect(failures).toEqual([3]);
    expect(database.alone).toEqual([1, -2, 3]);
  });

  it('takes a batch that answers the wrong number of rows as failed, never hands out a wrong answer', async () => {
    const hold = holdingFirst((call) => Promise.resolve(`one:${call}`));
    const batcher = createCallBatcher({
      concurrency: 1,
      maxBatch: 8,
      runOne: hold.runOne,
      runMany: async (calls: number[]) => calls.slice(1).map((call) => `many:${call}`),
    });
    const first = batcher.run(0);
    const answers = Promise.all([batcher.run(1), batcher.run(2)]);
    hold.release();
    await first;
    expect(await answers).toEqual(['one:1', 'one:2']);
  });

  it('stops counting a batch that stalls (a row lock held elsewhere): the calls behind it go on', async () => {
    const stuck0 = holdingFirst((call) => Promise.resolve(`one:${call}`));
    const batcher = createCallBatcher({
      concurrency: 1,
      maxBatch: 8,
      stallMs: 20,
      runOne: stuck0.runOne,
      runMany: async (calls: number[]) => calls.map((call) => `many:${call}`),
    });
    const stuck = batcher.run(0);
    const behind = Promise.all([batcher.run(1), batcher.run(2)]);
    expect(batcher.waiting).toBe(2);
    // Answered while call 0 still waits for its lock.
    expect(await behind).toEqual(['many:1', 'many:2']);
    expect(batcher.inFlight).toBe(0);
    stuck0.release();
    expect(await stuck).toBe('one:0');
    expect(batcher.inFlight).toBe(0);
  });
});
