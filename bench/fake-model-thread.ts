// The fake OpenAI server in its own thread for the time-to-first-token bench: the real model runs
// on another machine, so its HTTP parsing must not take turns with the app on the main thread.
// Answers `{url}` once listening, then each `{index}` with that request's absolute times.
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { startFakeOpenAiServer } from '../tests/fakes/openai-server';

const fake = await startFakeOpenAiServer();
const absolute = (time: number | undefined) =>
  time === undefined ? undefined : performance.timeOrigin + time;

parentPort!.on('message', (message: { setDefault?: unknown; index?: number; close?: true }) => {
  if (message.setDefault) {
    fake.setDefault(message.setDefault as Parameters<typeof fake.setDefault>[0]);
    parentPort!.postMessage({ ok: true });
  } else if (message.index !== undefined) {
    const request = fake.requests[message.index];
    parentPort!.postMessage({
      receivedAt: absolute(request?.receivedAt),
      firstChunkAt: absolute(request?.firstChunkAt),
      count: fake.requests.length,
    });
  } else if (message.close) {
    void fake.close().then(() => parentPort!.close());
  }
});
parentPort!.postMessage({ url: fake.url });
