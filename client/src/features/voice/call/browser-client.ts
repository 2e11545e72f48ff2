import { type BrowserCall, openBrowserCall } from './browser-call';
import { createMicrophoneHold } from './browser-microphone';
import { createVoiceEventEmitter } from './event-emitter';
import { getSpeechRecognition, type SpeechRecognitionConstructor } from './speech-recognition';
import { createSpeaker } from './speech-synthesis';
import { VoiceCallError, type CallRequest, type VoiceClient } from './voice-client';

// Browser voice: the browser's speech recognition hears the visitor, each final utterance goes to
// the server (the same clone as the chat), and speech synthesis reads the reply. It emits the Vapi
// SDK's events, so the call hook cannot tell the two apart.

export interface BrowserVoiceOptions {
  /** POST /api/voice-sessions/:id/turns: the clone's reply to one utterance. */
  sendTurn(sessionId: string, text: string): Promise<string>;
  firstMessage: string;
  lang?: string;
  recognition?: SpeechRecognitionConstructor;
  synthesis?: SpeechSynthesis | null;
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | null;
  /** The microphone chosen in the check, if any. */
  getAudioDeviceId?: () => string | undefined;
}

export function createBrowserVoiceClient(options: BrowserVoiceOptions): VoiceClient {
  const Recognition = options.recognition ?? getSpeechRecognition();
  const synthesis =
    options.synthesis === undefined ? (globalThis.speechSynthesis ?? null) : options.synthesis;
  const mediaDevices =
    options.mediaDevices === undefined ? (globalThis.navigator?.mediaDevices ?? null) : options.mediaDevices;
  const lang = options.lang ?? 'en-US';
  const { emit, on, removeListener } = createVoiceEventEmitter();
  const speaker = createSpeaker({
    synthesis,
    lang: options.lang,
    onSpeechStart: () => emit('speech-start'),
    onSpeechEnd: () => emit('speech-end'),
    onVolume: (level) => emit('volume-level', level),
  });
  const microphone = createMicrophoneHold({
    Recognition,
    mediaDevices,
    lang,
    getAudioDeviceId: options.getAudioDeviceId,
  });
  let call: BrowserCall | null = null; // one a call, from start() until stop()

  function stop() {
    microphone.release();
    const current = call;
    if (!current) return;
    call = null;
    current.close();
    speaker.cancel();
    emit('call-end');
  }

  async function start({ sessionId }: CallRequest) {
    if (call) throw new VoiceCallError('failed', 'A call is already running.');
    if (!Recognition) throw new VoiceCallError('unsupported');
    let created: BrowserCall;
    try {
      // The hook has usually acquired it before opening the session; a refusal gets a clear message.
      await microphone.acquire();
      created = openBrowserCall({
        Recognition,
        recognition: microphone.getProbed() ?? undefined,
        lang,
        sessionId,
        sendTurn: options.sendTurn,
        speaker,
        emit,
        onFatal: stop,
      });
    } catch (error) {
      microphone.release();
      throw error;
    }
    microphone.forgetProbed();
    call = created;
    created.begin(options.firstMessage);
    return {};
  }

  return {
    on,
    removeListener,
    acquireMicrophone: microphone.acquire,
    start,
    stop,
    setMuted: (muted) => call?.setMuted(muted),
  };
}
