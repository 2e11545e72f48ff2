import { useEffect, useRef, useState } from 'react';
import { toVoiceCallError } from '../call/voice-client';
import { createBrowserMicrophoneProbe, type Microphone, type MicrophoneProbe } from './microphone-probe';

export type MicrophoneCheckState =
  | { status: 'closed' }
  | { status: 'opening' }
  | { status: 'open'; microphones: Microphone[]; deviceId: string | undefined; level: number }
  | { status: 'error'; message: string };

/**
 * The microphone check before a call, opened by the visitor (so the browser asks for the
 * microphone only when they want it): Daily's devices when the call runs on Vapi (falling back to
 * the browser's should Daily not load), the browser's otherwise. The chosen microphone is kept for
 * the call; `stop` releases the check's own before the call opens it.
 */
export function useMicrophoneCheck(isVapi: boolean) {
  const [state, setState] = useState<MicrophoneCheckState>({ status: 'closed' });
  const [deviceId, setDeviceId] = useState<string | undefined>(undefined);
  const probeRef = useRef<MicrophoneProbe | null>(null);

  const onLevel = (level: number) =>
    setState((current) => (current.status === 'open' ? { ...current, level } : current));

  async function openProbe(): Promise<MicrophoneProbe> {
    if (isVapi) {
      try {
        const { createDailyMicrophoneProbe } = await import('./daily-probe');
        const daily = await createDailyMicrophoneProbe();
        await daily.start(deviceId, onLevel);
        return daily;
      } catch (error) {
        // A refused microphone is the visitor's answer; anything else: Daily did not load.
        if (toVoiceCallError(error).kind === 'microphone-denied') throw error;
      }
    }
    const browser = createBrowserMicrophoneProbe();
    await browser.start(deviceId, onLevel);
    return browser;
  }

  async function open() {
    if (probeRef.current) return;
    setState({ status: 'opening' });
    try {
      const probe = await openProbe();
      probeRef.current = probe;
      const microphones = await probe.listMicrophones();
      setState({ status: 'open', microphones, deviceId: deviceId ?? microphones[0]?.deviceId, level: 0 });
    } catch (error) {
      setState({ status: 'error', message: toVoiceCallError(error).message });
    }
  }

  async function choose(next: string) {
    setDeviceId(next);
    setState((current) => (current.status === 'open' ? { ...current, deviceId: next, level: 0 } : current));
    await probeRef.current
      ?.switchTo(next)
      .catch((error: unknown) => setState({ status: 'error', message: toVoiceCallError(error).message }));
  }

  /** Releases the check's microphone (before a call opens its own). */
  async function stop() {
    const probe = probeRef.current;
    probeRef.current = null;
    setState({ status: 'closed' });
    await probe?.stop();
  }

  // Leaving the page releases the microphone.
  useEffect(
    () => () => {
      void probeRef.current?.stop();
      probeRef.current = null;
    },
    [],
  );

  return { state, deviceId, open, choose, stop };
}

export type MicrophoneCheck = ReturnType<typeof useMicrophoneCheck>;
