import { useCallback, useRef } from 'react';
import { useLatestRef } from '@/lib/use-latest-ref';
import type { VoiceClient } from './voice-client';

// The provider client behind the call hook: loaded on the first start and kept for the next calls,
// with the listeners the hook attached, and stopped so that the next start can wait for it.

/** How long after a stop the provider's call-end still counts as its echo (Vapi sends it late). */
const STOP_ECHO_MS = 5_000;

export function useCallClient(loadClient: () => Promise<VoiceClient>) {
  const loadClientRef = useLatestRef(loadClient);
  const clientRef = useRef<Promise<VoiceClient> | null>(null);
  const loadedClientRef = useRef<VoiceClient | null>(null);
  const detachRef = useRef<(() => void) | null>(null);
  const stoppingRef = useRef<Promise<void>>(Promise.resolve());
  const isCallLiveRef = useRef(false); // provider.start() answered with a call
  const stopEchoUntilRef = useRef(0); // a stopped live call owes one call-end until then

  /** The client, loaded once; `attach` listens to it and returns the function that stops that. */
  const getClient = useCallback(
    (attach: (client: VoiceClient) => () => void) => {
      if (!clientRef.current) {
        const loading = loadClientRef.current().then((client) => {
          loadedClientRef.current = client;
          detachRef.current = attach(client);
          return client;
        });
        clientRef.current = loading;
        // A failed load may work next time (e.g. a chunk that did not download).
        loading.catch(() => {
          if (clientRef.current === loading) clientRef.current = null;
        });
      }
      return clientRef.current;
    },
    [loadClientRef],
  );

  const getLoadedClient = useCallback(() => loadedClientRef.current, []);

  const stopClient = useCallback((client = loadedClientRef.current) => {
    // Stopping leaves the provider's room and releases the microphone; it is safe when idle.
    // The next start waits for it; the call-end it causes, however late, is taken as its echo.
    if (isCallLiveRef.current) stopEchoUntilRef.current = Date.now() + STOP_ECHO_MS;
    isCallLiveRef.current = false;
    if (!client) return;
    let stopping: Promise<void>;
    try {
      stopping = Promise.resolve(client.stop());
    } catch {
      stopping = Promise.resolve();
    }
    stoppingRef.current = stopping.catch(() => undefined);
  }, []);

  /** Settles once the last stop has. */
  const waitForStop = useCallback(() => stoppingRef.current, []);

  const isCallLive = useCallback(() => isCallLiveRef.current, []);
  const markCallLive = useCallback(() => {
    isCallLiveRef.current = true;
  }, []);
  /** The provider ended the call itself: stopping it owes no further call-end. */
  const markCallEnded = useCallback(() => {
    isCallLiveRef.current = false;
  }, []);
  /** Whether this call-end answers our own stop (then it is used up). */
  const takeStopEcho = useCallback(() => {
    const isEcho = Date.now() < stopEchoUntilRef.current;
    stopEchoUntilRef.current = 0;
    return isEcho;
  }, []);

  /** Drops the listeners and forgets the client (the page was left). */
  const releaseClient = useCallback(() => {
    detachRef.current?.();
    detachRef.current = null;
    clientRef.current = null;
    loadedClientRef.current = null;
  }, []);

  return {
    getClient,
    getLoadedClient,
    stopClient,
    waitForStop,
    isCallLive,
    markCallLive,
    markCallEnded,
    takeStopEcho,
    releaseClient,
  };
}
