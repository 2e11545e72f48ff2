import type { VoiceClientEvent, VoiceClientEvents } from './voice-client';

type AnyListener = (...args: never[]) => void;

/** The Vapi SDK's on/removeListener surface, for a client that makes its own events. */
export function createVoiceEventEmitter() {
  const listeners = new Map<VoiceClientEvent, Set<AnyListener>>();
  return {
    emit<E extends VoiceClientEvent>(event: E, ...args: Parameters<VoiceClientEvents[E]>) {
      // A copy: a listener may remove itself while the event is handed out.
      for (const listener of [...(listeners.get(event) ?? [])])
        (listener as (...a: unknown[]) => void)(...args);
    },
    on<E extends VoiceClientEvent>(event: E, listener: VoiceClientEvents[E]) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as AnyListener);
      listeners.set(event, set);
    },
    removeListener<E extends VoiceClientEvent>(event: E, listener: VoiceClientEvents[E]) {
      listeners.get(event)?.delete(listener as AnyListener);
    },
  };
}

export type VoiceEventEmitter = ReturnType<typeof createVoiceEventEmitter>;
