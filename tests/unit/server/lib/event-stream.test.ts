import type { Response } from 'express';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELTA_COALESCE_MS, EventStream } from '../../../../server/lib/event-stream';

/** The writes an EventStream makes, each as the `delta` texts and other events it carried. */
function fakeResponse() {
  const writes: string[] = [];
  const res = {
    writableEnded: false,
    destroyed: false,
    status: () => res,
    setHeader: () => res,
    write: (text: string) => writes.push(text),
    end: (text?: string) => {
      if (text) writes.push(text);
      res.writableEnded = true;
    },
  };
  const deltas = () =>
    writes.map((write) =>
      [...write.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)]
        .map(([, event, data]) =>
          event === 'delta' ? (JSON.parse(data!) as { text: string }).text : `<${event}>`,
        )
        .join('|'),
    );
  return { res: res as unknown as Response, deltas };
}

describe('EventStream', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('writes each delta at once when they come further apart than the coalescing window', () => {
    const { res, deltas } = fakeResponse();
    const stream = new EventStream(res).open();
    stream.sendDelta('Hello');
    vi.advanceTimersByTime(DELTA_COALESCE_MS + 5);
    stream.sendDelta(' there');
    // Written without any timer running: no write waits for the window.
    expect(vi.getTimerCount()).toBe(0);
    expect(deltas()).toEqual(['Hello', ' there']);
  });

  it('gathers deltas that come sooner into one write, no later than the window after the last delta', () => {
    const { res, deltas } = fakeResponse();
    const stream = new EventStream(res).open();
    stream.sendDelta('A');
    vi.advanceTimersByTime(3);
    stream.sendDelta('b');
    stream.sendDelta('c');
    expect(deltas()).toEqual(['A']);
    vi.advanceTimersByTime(DELTA_COALESCE_MS - 3 - 1);
    expect(deltas()).toEqual(['A']);
    vi.advanceTimersByTime(1);
    expect(deltas()).toEqual(['A', 'bc']);
  });

  it('writes the first delta at once even right after another event', () => {
    const { res, deltas } = fakeResponse();
    const stream = new EventStream(res).open();
    stream.send({ event: 'error', data: { message: 'x', status: 500 } });
    stream.sendDelta('First');
    expect(deltas()).toEqual(['<error>', 'First']);
  });

  it('flushes gathered text ahead of the closing event, in the last write', () => {
    const { res, deltas } = fakeResponse();
    const stream = new EventStream(res).open();
    stream.sendDelta('A');
    stream.sendDelta('b');
    stream.end({ event: 'error', data: { message: 'stopped', status: 502 } });
    expect(deltas()).toEqual(['A', 'b|<error>']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
