// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionUserView, VoiceConfig, VoiceSessionView } from '@shared/voice';
import { dismissToast, useToasts } from '@/components/ui/use-toast';
import type * as VapiClientModule from '@/features/voice/call/vapi-client';
import { readOpenCall } from '@/features/voice/open-call';
import { useVoiceConversation } from '@/features/voice/use-voice-conversation';
import { createQueryClient } from '@/lib/query-client';
import { json } from '../../../../../helpers/json-response';
import { FakeVapi } from '../../../../../helpers/fake-vapi';

// The page's side of calls that end badly, with a fake Vapi SDK and a stubbed fetch: heartbeats
// while a call runs, the beacon when the tab is closed or reloaded, a call the server has ended,
// and what the visitor is told when the per-call limit ends a call.

const sdk = vi.hoisted(() => ({ current: undefined as FakeVapi | undefined }));
vi.mock('@/features/voice/call/vapi-client', async (importOriginal) => {
  const original = await importOriginal<typeof VapiClientModule>();
  return { ...original, loadVapiVoiceClient: async () => original.createVapiVoiceClient(sdk.current!) };
});

const CONFIG: VoiceConfig = {
  provider: 'vapi',
  isDemoMode: true,
  ownerName: 'Alex',
  firstMessage: 'Hi!',
  maxCallMinutes: 15,
  vapi: { apiBaseUrl: '/api/vapi' },
};
const USER: SubscriptionUserView = {
  id: '4a1f2a4e-2b9c-4d8e-9f00-1234567890ab',
  subscriptionStatus: 'active',
  voiceMinutesUsed: 0,
  voiceMinutesLimit: -1,
  subscriptionPlan: 'enterprise',
  currentPeriodEnd: null,
  isVerified: true,
};
const SESSION: VoiceSessionView = {
  id: '0b9f3c1e-8a55-4c8e-b1f2-3d4e5f607182',
  userId: USER.id,
  status: 'started',
  duration: null,
  billedMinutes: null,
  maxDurationSeconds: 900,
  transcript: null,
  createdAt: new Date().toISOString(),
  endedAt: null,
};
const heartbeatUrl = `/api/voice-sessions/${SESSION.id}/heartbeat`;

let calls: { method: string; url: string; body?: unknown; keepalive?: boolean }[];
let heartbeatStatus: number;
let beacons: { url: string; body: Blob }[];

beforeEach(() => {
  vi.useFakeTimers();
  sdk.current = new FakeVapi();
  calls = [];
  heartbeatStatus = 204;
  beacons = [];
  window.sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      if (method === 'POST' && url === '/api/voice-sessions') return json(201, SESSION);
      if (url === heartbeatUrl)
        return heartbeatStatus === 204
          ? new Response(null, { status: 204 })
          : json(heartbeatStatus, { message: 'This call has ended.' });
      if (method === 'PATCH') return json(200, { ...SESSION, status: 'ended' });
      return json(200, []);
    }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, body: Blob) => {
      beacons.push({ url, body });
      return true;
    }),
  });
});

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

function renderConversation() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      conversation: useVoiceConversation({
        config: CONFIG,
        email: 'ada@example.com',
        user: USER,
        onUnauthorized: () => undefined,
      }),
      toasts: useToasts(),
    }),
    { wrapper },
  );
}

async function startCall(hook: ReturnType<typeof renderConversation>) {
  await act(async () => {
    await hook.result.current.conversation.startCall();
  });
  act(() => {
    sdk.current!.emit('call-start');
  });
  expect(hook.result.current.conversation.status).toBe('active');
}

const heartbeats = () => calls.filter((call) => call.url === heartbeatUrl && call.method === 'POST');

describe('a voice call the page keeps alive and ends', () => {
  it('sends a heartbeat every 30 seconds while the call runs, and none after it', async () => {
    const hook = renderConversation();
    await startCall(hook);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(heartbeats()).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(heartbeats()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(heartbeats()).toHaveLength(3);

    act(() => hook.result.current.conversation.end());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(heartbeats()).toHaveLength(3);
    expect(readOpenCall()).toBeNull();
  });

  it('ends the call with a beacon when the tab is closed or reloaded, and remembers it for the reload', async () => {
    const hook = renderConversation();
    await startCall(hook);
    act(() => {
      sdk.current!.emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: 'Hello',
      });
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(42_000);
    });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });

    expect(beacons).toHaveLength(1);
    const [beacon] = beacons;
    expect(beacon!.url).toBe(`/api/voice-sessions/${SESSION.id}/end`);
    expect(beacon!.body.type).toBe('application/json');
    expect(JSON.parse(await beacon!.body.text())).toEqual({
      status: 'ended',
      duration: 42,
      transcript: expect.stringContaining('Hello'),
      endedAt: expect.any(String),
    });
    expect(sdk.current!.stop).toHaveBeenCalled();
    // No fetch PATCH: it would not outlive the page. The reloaded page finds the call to end.
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(readOpenCall()).toMatchObject({ sessionId: SESSION.id });
    // The hidden page beats no more.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(heartbeats()).toHaveLength(1);
  });

  it('ends the call when the server answers that it has ended the session, and says why', async () => {
    const hook = renderConversation();
    await startCall(hook);
    heartbeatStatus = 409;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(hook.result.current.conversation.status).toBe('ended');
    expect(sdk.current!.stop).toHaveBeenCalled();
    expect(hook.result.current.conversation.endNotice).toMatch(/connection to the server was lost/);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      status: 'ended',
      duration: 30,
    });
  });

  it('says a failed start once, in the toast, and has the server remove its session', async () => {
    const hook = renderConversation();
    sdk.current!.startResult = null;
    await act(async () => {
      await hook.result.current.conversation.startCall();
    });
    expect(hook.result.current.conversation.status).toBe('idle');
    expect(hook.result.current.toasts.filter((item) => item.title === 'Call Error')).toHaveLength(1);
    expect(hook.result.current.conversation.error).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      duration: 0,
      hasCallStarted: false,
    });
  });

  it('keeps the call through a heartbeat lost to the network', async () => {
    const hook = renderConversation();
    await startCall(hook);
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(hook.result.current.conversation.status).toBe('active');
  });

  it('tells the visitor when the per-call limit ended the call', async () => {
    const hook = renderConversation();
    await startCall(hook);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(900_000);
    });
    expect(hook.result.current.conversation.status).toBe('ended');
    expect(hook.result.current.conversation.endNotice).toBe(
      'Calls last at most 15 minutes. Start a new call to keep talking.',
    );
    const toast = hook.result.current.toasts.find((item) => item.title === 'Call Ended');
    expect(toast?.description).toBe(
      'Call duration: 15:00. Calls last at most 15 minutes. Start a new call to keep talking.',
    );
  });
});
