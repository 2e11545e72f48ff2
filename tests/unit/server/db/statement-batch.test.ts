import { describe, expect, it } from 'vitest';
import { batchStatements } from '../../../../server/db/statement-batch';

// Group commit: calls made together go to the database as one statement, each gets its own
// answer, and a failure reaches only the call that caused it.

/** A fake statement: doubles each input, recording each batch it was given. */
function doubling(failOn?: number) {
  const batches: number[][] = [];
  const run = batchStatements<number, number>(async (inputs) => {
    batches.push(inputs);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (failOn !== undefined && inputs.includes(failOn)) throw new Error(`bad ${failOn}`);
    return inputs.map((input) => input * 2);
  });
  return { batches, run };
}

describe('batched statements', () => {
  it('runs the calls of one turn as one statement, each with its own answer', async () => {
    const { batches, run } = doubling();
    expect(await Promise.all([1, 2, 3].map(run))).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('runs a call alone when no other is made with it', async () => {
    const { batches, run } = doubling();
    expect(await run(4)).toBe(8);
    expect(await run(5)).toBe(10);
    expect(batches).toEqual([[4], [5]]);
  });

  it('gathers the calls made while a batch runs into the next one', async () => {
    const { batches, run } = doubling();
    const first = run(1);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const later = [2, 3, 4].map(run);
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the call whose input failed, the others answered', async () => {
    const { batches, run } = doubling(2);
    const results = await Promise.allSettled([1, 2, 3].map(run));
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([
      2,
      'failed',
      6,
    ]);
    expect(results[1]).toMatchObject({ reason: new Error('bad 2') });
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('never puts two inputs of one key in a batch, and keeps their order', async () => {
    const batches: string[][] = [];
    const run = batchStatements<string, string>(
      async (inputs) => {
        batches.push(inputs);
        return inputs;
      },
      { keyOf: (input) => input[0]! },
    );
    await Promise.all(['a1', 'b1', 'a2', 'c1', 'a3'].map(run));
    expect(batches).toEqual([['a1', 'b1', 'c1'], ['a2'], ['a3']]);
  });

  it('splits a crowd into batches of the size given', async () => {
    const batches: number[][] = [];
    const run = batchStatements<number, number>(
      async (inputs) => {
        batches.push(inputs);
        return inputs;
      },
      { maxSize: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map(run))).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});
