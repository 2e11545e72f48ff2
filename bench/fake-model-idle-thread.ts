// The fake OpenAI server in its own thread for the model-idle-connections bench, closing idle
// connections on time as a real server (or proxy) on another machine does, however far behind
// the app's event loop runs. Answers `{url}` once listening, then each `{stats: true}` with its
// counts.
import { parentPort, workerData } from 'node:worker_threads';
import { startFakeOpenAiServer } from '../tests/fakes/openai-server';

const { idleTimeoutMs } = workerData as { idleTimeoutMs: number };
const fake = await startFakeOpenAiServer({ idleClose: { idleTimeoutMs, isTimed: true } });

parentPort!.on('message', (message: { stats?: true; close?: true }) => {
  if (message.stats) {
    parentPort!.postMessage({ answered: fake.requests.length, dropped: fake.droppedRequests });
  } else if (message.close) {
    void fake.close().then(() => parentPort!.close());
  }
});
parentPort!.postMessage({ url: fake.url });
