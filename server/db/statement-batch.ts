// Group commit for the statements every chat turn runs. Each statement costs the database a
// parse, a plan, a transaction and its triggers whatever its row count (on the embedded database,
// all of it on this thread), so many chats at once cost far less as one statement of many rows:
// a call waits for the end of the current turn of the event loop, or for the batch already
// running, and goes with every call made meanwhile. Alone, a call waits one turn.

/** One statement for many inputs: one output per input, in the inputs' order. */
export type RunMany<I, O> = (inputs: I[]) => Promise<O[]>;

export interface BatchOptions<I> {
  /**
   * Inputs with the same key never share a batch: they run in order, one batch after the other
   * (two messages of one conversation each see the one before).
   */
  keyOf?: (input: I) => string;
  /** The most inputs in one statement (its parameters stay far below PostgreSQL's 65,535). */
  maxSize?: number;
}

interface Call<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

const DEFAULT_BATCH_SIZE = 100;

/**
 * `runMany` as a function of one input. A batch that fails runs again one input at a time, so a
 * failure (a conversation deleted meanwhile) reaches only its own caller; a statement that fails
 * writes nothing, so nothing is written twice.
 */
export function batchStatements<I, O>(
  runMany: RunMany<I, O>,
  { keyOf, maxSize = DEFAULT_BATCH_SIZE }: BatchOptions<I> = {},
): (input: I) => Promise<O> {
  let waiting: Call<I, O>[] = [];
  let isRunning = false;
  let isScheduled = false;

  const schedule = () => {
    if (isRunning || isScheduled || waiting.length === 0) return;
    isScheduled = true;
    setImmediate(() => {
      isScheduled = false;
      isRunning = true;
      void runBatch(takeBatch()).finally(() => {
        isRunning = false;
        schedule();
      });
    });
  };

  const takeBatch = (): Call<I, O>[] => {
    const batch: Call<I, O>[] = [];
    const keys = new Set<string>();
    const left: Call<I, O>[] = [];
    for (const call of waiting) {
      const key = keyOf?.(call.input);
      if (batch.length >= maxSize || (key !== undefined && keys.has(key))) left.push(call);
      else {
        batch.push(call);
        if (key !== undefined) keys.add(key);
      }
    }
    waiting = left;
    return batch;
  };

  const runBatch = async (batch: Call<I, O>[]) => {
    try {
      const outputs = await runMany(batch.map((call) => call.input));
      batch.forEach((call, index) => call.resolve(outputs[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const call of batch) await runBatch([call]);
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      schedule();
    });
}

/** Inputs grouped by a key, in the order the keys first appear: one statement per group. */
export function groupBy<T>(items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}
