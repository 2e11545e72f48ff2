// The microphone check before a call: which microphones there are, and how loud the chosen one
// hears the visitor (0..1). Vapi calls run on Daily, so with Vapi the check uses Daily's own device
// handling (daily-probe.ts); browser voice uses the browser's media APIs (this file).

export interface Microphone {
  deviceId: string;
  label: string;
}

export interface MicrophoneProbe {
  /** Opens the microphone (`deviceId`, or the default) and reports its level until stop(). */
  start(deviceId: string | undefined, onLevel: (level: number) => void): Promise<void>;
  /** The microphones; their names are known once the browser granted access. */
  listMicrophones(): Promise<Microphone[]>;
  /** Switches the running check to another microphone. */
  switchTo(deviceId: string): Promise<void>;
  /** Releases the microphone; the call opens its own. */
  stop(): Promise<void>;
}

const LEVEL_INTERVAL_MS = 100;

export const toMicrophones = (devices: readonly Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>[]) =>
  devices
    .filter((device) => device.kind === 'audioinput' && device.deviceId)
    .map((device, index) => ({
      deviceId: device.deviceId,
      label: device.label || `Microphone ${index + 1}`,
    }));

/** With the browser's APIs: getUserMedia, and an AnalyserNode's RMS level. */
export function createBrowserMicrophoneProbe(
  mediaDevices: MediaDevices = navigator.mediaDevices,
): MicrophoneProbe {
  let stream: MediaStream | null = null;
  let context: AudioContext | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let report: (level: number) => void = () => undefined;

  function release() {
    clearInterval(timer);
    timer = undefined;
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    void context?.close().catch(() => undefined);
    context = null;
  }

  async function open(deviceId: string | undefined) {
    release();
    stream = await mediaDevices.getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true });
    context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // Speech sits around 0.02-0.2 RMS: scaled so that talking fills most of the meter.
      report(Math.min(1, Math.sqrt(sum / samples.length) * 5));
    }, LEVEL_INTERVAL_MS);
  }

  return {
    async start(deviceId, onLevel) {
      report = onLevel;
      await open(deviceId);
    },
    listMicrophones: async () => toMicrophones(await mediaDevices.enumerateDevices()),
    switchTo: (deviceId) => open(deviceId),
    async stop() {
      report = () => undefined;
      release();
    },
  };
}
