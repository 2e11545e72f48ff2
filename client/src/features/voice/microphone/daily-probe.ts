import type { DailyCall, DailyCallFactory } from '@daily-co/daily-js';
import { toMicrophones, type MicrophoneProbe } from './microphone-probe';

/**
 * With Daily, which Vapi's calls run on: a call object that is never joined opens the microphone
 * (startCamera), lists devices and observes the local level. It must be destroyed before the call
 * starts: Daily allows one call object at a time. Loaded only when the check is opened on /voice.
 */
export async function createDailyMicrophoneProbe(): Promise<MicrophoneProbe> {
  const mod = (await import('@daily-co/daily-js')) as unknown as {
    default?: DailyCallFactory;
  } & DailyCallFactory;
  // Vite may hand back the CommonJS namespace instead of the class (as with the Vapi SDK).
  const Daily = mod.default ?? mod;
  let call: DailyCall | null = null;

  async function stop() {
    const current = call;
    call = null;
    await current?.destroy().catch(() => undefined);
  }

  return {
    async start(deviceId, onLevel) {
      call = Daily.createCallObject({
        audioSource: deviceId ?? true,
        videoSource: false,
        // Daily's call bundle loads as a script from c.daily.co, as in a call (no 'unsafe-eval').
        dailyConfig: { avoidEval: true },
      });
      call.on('local-audio-level', (event) => onLevel(Math.min(1, Math.max(0, event.audioLevel * 2))));
      try {
        await call.startCamera();
        await call.startLocalAudioLevelObserver(100);
      } catch (error) {
        await stop();
        throw error;
      }
    },
    async listMicrophones() {
      if (!call) return [];
      return toMicrophones((await call.enumerateDevices()).devices as MediaDeviceInfo[]);
    },
    async switchTo(deviceId) {
      await call?.setInputDevicesAsync({ audioDeviceId: deviceId });
    },
    stop,
  };
}
