import { toVoiceCallError, VoiceCallError } from './voice-client';
import {
  probeRecognition,
  type SpeechRecognitionConstructor,
  type SpeechRecognitionLike,
} from './speech-recognition';

export interface MicrophoneHoldOptions {
  Recognition: SpeechRecognitionConstructor | undefined;
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | null;
  lang: string;
  /** The microphone chosen in the check, if any. */
  getAudioDeviceId?: () => string | undefined;
}

const stopTracks = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/**
 * The visitor's microphone for browser voice, from acquire() until release() (the call ends). The
 * recogniser opens its own capture; holding this stream keeps the permission from the click to
 * the end of the call. The speech service is probed with the microphone held, before any session
 * opens, and the next call's recogniser uses that probed recognition.
 */
export function createMicrophoneHold({
  Recognition,
  mediaDevices,
  lang,
  getAudioDeviceId,
}: MicrophoneHoldOptions) {
  let microphone: MediaStream | null = null;
  let releaseCount = 0; // a release while getUserMedia is pending drops the stream it brings
  let probed: SpeechRecognitionLike | null = null;

  function release() {
    releaseCount += 1;
    if (microphone) stopTracks(microphone);
    microphone = null;
  }

  async function acquire() {
    if (!Recognition) throw new VoiceCallError('unsupported');
    if (microphone || !mediaDevices) return;
    const releasesBefore = releaseCount;
    let stream: MediaStream;
    try {
      const deviceId = getAudioDeviceId?.();
      stream = await mediaDevices.getUserMedia({
        audio: deviceId ? { deviceId: { exact: deviceId } } : true,
      });
    } catch (error) {
      throw toVoiceCallError(error);
    }
    // Stopped meanwhile (the page was left), or a second request won: don't hold a stray stream.
    if (releaseCount !== releasesBefore || microphone) {
      stopTracks(stream);
      return;
    }
    microphone = stream;
    // A speech service that fails is told now, as the microphone would be: no session, no minute.
    if (probed) return;
    try {
      const recognition = new Recognition();
      await probeRecognition(recognition, lang);
      probed = recognition;
    } catch (error) {
      release();
      throw error instanceof VoiceCallError ? error : new VoiceCallError('speech-unavailable');
    }
  }

  return {
    acquire,
    release,
    /** The recognition probed for the next call, if any. */
    getProbed: () => probed,
    /** A call took the probed recognition: the next one probes again. */
    forgetProbed() {
      probed = null;
    },
  };
}
