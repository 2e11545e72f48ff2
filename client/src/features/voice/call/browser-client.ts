import { hasStatus } from '@/lib/api-client';
import {
  toVoiceCallError,
  VoiceCallError,
  type CallRequest,
  type VoiceClient,
  type VoiceClientEvent,
  type VoiceClientEvents,
} from './voice-client';
import {
  createRecognizer,
  getSpeechRecognition,
  probeRecognition,
  type Recognizer,
  type SpeechRecognitionConstructor,
  type SpeechRecognitionLike,
} from './speech-recognition';
import { createSpeaker } from './speech-synthesis';

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

/** Answers that mean the call cannot go on (signed out, no minutes left, session closed). */
const isFatalTurnError = (error: unknown) => hasStatus(error, 401, 403, 404, 409);

export function createBrowserVoiceClient(options: BrowserVoiceOptions): VoiceClient {
  const Recognition = options.recognition ?? getSpeechRecognition();
  const synthesis =
    options.synthesis === undefined ? (globalThis.speechSynthesis ?? null) : options.synthesis;
  const mediaDevices =
    options.mediaDevices === undefined ? (globalThis.navigator?.mediaDevices ?? null) : options.mediaDevices;

  const listeners = new Map<VoiceClientEvent, Set<(...args: never[]) => void>>();
  const emit = <E extends VoiceClientEvent>(event: E, ...args: Parameters<VoiceClientEvents[E]>) => {
    for (const listener of [...(listeners.get(event) ?? [])])
      (listener as (...a: unknown[]) => void)(...args);
  };

  const speaker = createSpeaker({
    synthesis,
    lang: options.lang,
    onSpeechStart: () => emit('speech-start'),
    onSpeechEnd: () => emit('speech-end'),
    onVolume: (level) => emit('volume-level', level),
  });
  let recognizer: Recognizer | null = null; // one a call, from start() until stop()
  // The visitor's microphone, from acquireMicrophone until the call ends. The recogniser opens its
  // own capture; holding this stream keeps the permission from the click to the end of the call.
  let microphone: MediaStream | null = null;
  let releaseCount = 0; // a release while getUserMedia is pending drops the stream it brings
  // Probed with the microphone held, before any session opens; the next call's recogniser uses it.
  let probed: SpeechRecognitionLike | null = null;
  const lang = options.lang ?? 'en-US';
  let sessionId = '';
  let isActive = false;
  let isMuted = false;
  let isBusy = false; // answering or speaking: the recogniser is paused so it does not hear the clone

  const transcript = (role: 'user' | 'assistant', text: string, isFinal: boolean) =>
    emit('message', {
      type: 'transcript',
      role,
      transcriptType: isFinal ? 'final' : 'partial',
      transcript: text,
    });

  async function answer(text: string) {
    isBusy = true;
    recognizer?.pause();
    transcript('user', text, true);
    try {
      const reply = await options.sendTurn(sessionId, text);
      if (!isActive) return;
      transcript('assistant', reply, true);
      await speaker.speak(reply);
    } catch (error) {
      if (!isActive) return;
      emit(
        'error',
        new VoiceCallError('connection', "The clone couldn't answer that just now. Please say it again."),
      );
      if (isFatalTurnError(error)) {
        stop();
        return;
      }
    } finally {
      isBusy = false;
    }
    recognizer?.listen();
  }

  const stopTracks = (stream: MediaStream) => {
    for (const track of stream.getTracks()) track.stop();
  };

  function releaseMicrophone() {
    releaseCount += 1;
    if (microphone) stopTracks(microphone);
    microphone = null;
  }

  async function acquireMicrophone() {
    if (!Recognition) throw new VoiceCallError('unsupported');
    if (microphone || !mediaDevices) return;
    const releasesBefore = releaseCount;
    let stream: MediaStream;
    try {
      const deviceId = options.getAudioDeviceId?.();
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
      releaseMicrophone();
      throw error instanceof VoiceCallError ? error : new VoiceCallError('speech-unavailable');
    }
  }

  function stop() {
    releaseMicrophone();
    if (!isActive) return;
    isActive = false;
    isBusy = false;
    const current = recognizer;
    recognizer = null;
    current?.close();
    speaker.cancel();
    emit('call-end');
  }

  async function start({ sessionId: id }: CallRequest) {
    if (isActive) throw new VoiceCallError('failed', 'A call is already running.');
    if (!Recognition) throw new VoiceCallError('unsupported');
    let created: Recognizer;
    try {
      // The hook has usually acquired it before opening the session; a refusal gets a clear message.
      await acquireMicrophone();
      created = createRecognizer(Recognition, {
        lang,
        recognition: probed ?? undefined,
        canListen: () => isActive && !isMuted && !isBusy,
        onUtterance: (text) => void answer(text),
        onPartial: (text) => transcript('user', text, false),
        onFatalError: (error) => {
          emit('error', error);
          stop();
        },
      });
    } catch (error) {
      releaseMicrophone();
      throw error;
    }
    probed = null;
    sessionId = id;
    isActive = true;
    isMuted = false;
    recognizer = created;
    emit('call-start');
    transcript('assistant', options.firstMessage, true);
    isBusy = true;
    void speaker.speak(options.firstMessage).then(() => {
      isBusy = false;
      recognizer?.listen();
    });
    return {};
  }

  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (...args: never[]) => void);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (...args: never[]) => void);
    },
    acquireMicrophone,
    start,
    stop,
    setMuted(muted) {
      isMuted = muted;
      if (muted) recognizer?.pause();
      else recognizer?.listen();
    },
  };
}
