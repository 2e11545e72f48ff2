import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { createAppContext } from '../../server/app-context';
import { startBackgroundJobs } from '../../server/background-jobs';
import { Lifecycle } from '../../server/lib/lifecycle';
import { useTestApp } from '../helpers/test-app';

// Building the app has no side effects: the sweeps and mail retries run only once the server
// starts them, and stop with its lifecycle.
describe('background jobs', () => {
  const ctx = useTestApp();
  afterEach(() => vi.useRealTimers());

  it('are not started by createApp', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    createApp({ ...ctx.deps, lifecycle: new Lifecycle() });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('start with startBackgroundJobs and stop with the lifecycle', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const lifecycle = new Lifecycle();
    startBackgroundJobs(createAppContext({ ...ctx.deps, lifecycle }));
    // The rate-limit, voice-session and retention sweeps (mail retries need SMTP configured).
    expect(vi.getTimerCount()).toBe(3);
    await lifecycle.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
