// The fake OpenAI server (bench/fake-model-thread.ts) in a worker thread, as the real model runs on
// another machine: its HTTP work does not take turns with what a bench measures on the main thread.
// Request times come back in this thread's performance.now() terms.
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FakeBehaviour } from '../tests/fakes/openai-server';

export async function startFakeModel(behaviour: FakeBehaviour) {
  const entry = new URL('./fake-model-thread.ts', import.meta.url).href;
  // Workers do not inherit tsx's loader on Node 20: the thread registers it before loading.
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
  // once() also rejects if the thread fails, and removes its listeners either way.
  const reply = async <T>(message?: unknown): Promise<T> => {
    const answer = once(worker, 'message');
    if (message) worker.postMessage(message);
    return (await answer)[0] as T;
  };
  const { url } = await reply<{ url: string }>();
  await reply({ setDefault: behaviour });
  const toLocal = (absolute: number | undefined) =>
    absolute === undefined ? undefined : absolute - performance.timeOrigin;
  return {
    url,
    /** Request `index`'s times, and how many requests the fake model has had. */
    async request(index: number) {
      const times = await reply<{ receivedAt: number; firstChunkAt?: number; count: number }>({ index });
      return {
        receivedAt: toLocal(times.receivedAt)!,
        firstChunkAt: toLocal(times.firstChunkAt),
        count: times.count,
      };
    },
    async close() {
      worker.postMessage({ close: true });
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
