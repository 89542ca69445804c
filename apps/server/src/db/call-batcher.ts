/**
 * Group commit for the hottest one-statement calls (issue 12): calls that arrive while earlier
 * ones are on their way to PostgreSQL are sent together as ONE statement in ONE transaction, so
 * the round trip, the statement's start-up, the snapshot and the commit's WAL flush are paid once
 * per batch instead of once per call. Measured on the vendor bench's scratch database, 32 players,
 * `vendor_money_call` over pg without HTTP: one call per statement 2,346–2,639 calls/s (482–625 µs
 * of backend CPU each), batched on 2–4 connections 4,700–5,465 calls/s (264–318 µs).
 *
 * - No waiting: a call goes at once when fewer than `concurrency` batches are in flight; only
 *   calls that arrive while all are busy wait, for the first one to come back. Under a light load
 *   every call goes alone, as before.
 * - A batch is all or nothing (one transaction). When it fails, whatever the reason (one call's
 *   error, a deadlock with another batch, a lost connection), nothing of it was committed: each of
 *   its calls runs again ALONE, and gets its own answer or its own error. A bad call never takes
 *   the others down with it, and each caller sees exactly what it would have seen unbatched.
 *   The calls must therefore be safe to run again after a rollback (idempotent by their own keys).
 * - Replies are released only after the batch's commit: a caller never answers for money that a
 *   later failure of the batch could take back. The batch's place is given back first, so the
 *   next batch is already on its way while the answers are written (one batch in flight then
 *   keeps PostgreSQL as busy as two did, with larger batches: bench/README.md, 30 Nov).
 * - A batch that takes longer than `stallMs` (waiting on a row lock another transaction holds, a
 *   lottery settlement say) stops counting against `concurrency`: the others are not held up
 *   behind it. The connection pool stays the bound on what runs at once.
 */
export interface CallBatcher<Call, Result> {
  run(call: Call): Promise<Result>;
  /** Calls waiting for a batch to come back, and batches in flight (for tests and metrics). */
  readonly waiting: number;
  readonly inFlight: number;
}

export interface CallBatcherOptions<Call, Result> {
  /** Batches in flight at once (each holds one database connection while it runs). */
  concurrency: number;
  /** Most calls in one batch: a bigger batch holds its row locks longer. */
  maxBatch: number;
  /** One call as its own statement. */
  runOne: (call: Call) => Promise<Result>;
  /** Several calls in one statement and one transaction; answers in the calls' order. */
  runMany: (calls: Call[]) => Promise<Result[]>;
  /** Told when a batch failed and its calls were run again one by one. */
  onBatchFailed?: (error: unknown, size: number) => void;
  /** After this many milliseconds a batch still running frees its place (default 100). */
  stallMs?: number;
}

interface Waiting<Call, Result> {
  call: Call;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export function createCallBatcher<Call, Result>(
  options: CallBatcherOptions<Call, Result>,
): CallBatcher<Call, Result> {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const maxBatch = Math.max(1, Math.floor(options.maxBatch));
  const stallMs = options.stallMs ?? 100;
  const queue: Waiting<Call, Result>[] = [];
  let inFlight = 0;

  const settleAlone = (waiting: Waiting<Call, Result>) =>
    options.runOne(waiting.call).then(waiting.resolve, waiting.reject);

  /**
   * Runs one batch. `free` gives its place back; it is called as soon as PostgreSQL has answered,
   * BEFORE the callers get their answers: the next batch (the calls that arrived meanwhile) is on
   * its way to PostgreSQL while this thread writes this batch's answers, instead of after them.
   */
  async function send(batch: Waiting<Call, Result>[], free: () => void): Promise<void> {
    if (batch.length === 1) {
      const [waiting] = batch as [Waiting<Call, Result>];
      await options.runOne(waiting.call).then(
        (result) => {
          free();
          waiting.resolve(result);
        },
        (error: unknown) => {
          free();
          waiting.reject(error);
        },
      );
      return;
    }
    let results: Result[];
    try {
      results = await options.runMany(batch.map((waiting) => waiting.call));
      if (results.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} calls answered ${results.length}`);
      }
    } catch (error) {
      options.onBatchFailed?.(error, batch.length);
      // Nothing of the batch was committed: each call on its own, as if it had never been batched.
      // Its place is given back first: these calls hold pool connections, not a batch's slot.
      free();
      await Promise.all(batch.map(settleAlone));
      return;
    }
    free();
    batch.forEach((waiting, index) => waiting.resolve(results[index]!));
  }

  function pump(): void {
    while (inFlight < concurrency && queue.length > 0) {
      // Spread what waits over the free slots: four free connections and eight calls waiting make
      // four batches of two, not one of eight and three idle connections.
      const size = Math.min(maxBatch, Math.ceil(queue.length / (concurrency - inFlight)));
      const batch = queue.splice(0, size);
      inFlight += 1;
      let counted = true;
      const stalled = setTimeout(() => free(), stallMs);
      stalled.unref?.();
      const free = () => {
        clearTimeout(stalled);
        if (!counted) return;
        counted = false;
        inFlight -= 1;
        pump();
      };
      // `send` frees the place itself on every path; `finally` is the guard should it throw.
      void send(batch, free).finally(free);
    }
  }

  return {
    run(call) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ call, resolve, reject });
        pump();
      });
    },
    get waiting() {
      return queue.length;
    },
    get inFlight() {
      return inFlight;
    },
  };
}
