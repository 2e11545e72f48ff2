import { ApiError } from '@/lib/api-client';
import {
  toVoiceCallError,
  VoiceCallError,
  type CallRequest,
  type VoiceClient,
  type VoiceClientEvent,
  type VoiceClientEvents,
} from './voice-client';

// Browser voice: the browser's speech recognition hears the visitor, each final utterance goes to
// the server (the same clone as the chat), and speech synthesis reads the reply. It emits the Vapi
// SDK's events, so the call hook cannot tell the two apart.

interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: RecognitionResult };
}
interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's speech recognition class, prefixed in Chrome and Safari; undefined when absent. */
export function getSpeechRecognition(): SpeechRecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const scope = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

export interface BrowserVoiceOptions {
  /** POST /api/voice-sessions/:id/turns: the clone's reply to one utterance. */
  sendTurn(sessionId: string, text: string): Promise<string>;
  firstMessage: string;
  lang?: string;
  recognition?: SpeechRecognitionConstructor;
  synthesis?: SpeechSynthesis | null;
  mediaDevices?: Pick<MediaDevices, 'getUserMedia'> | null;
}

/** Answers that mean the call cannot go on (signed out, no minutes left, session closed). */
const isFatalTurnError = (error: unknown) =>
  error instanceof ApiError && [401, 403, 404, 409].includes(error.status);

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

  let recognition: SpeechRecognitionLike | null = null;
  // The visitor's microphone, from acquireMicrophone until the call ends. The recogniser opens its
  // own capture; holding this stream keeps the permission from the click to the end of the call.
  let microphone: MediaStream | null = null;
  let releaseCount = 0; // a release while getUserMedia is pending drops the stream it brings
  let sessionId = '';
  let isActive = false;
  let isMuted = false;
  let isListening = false;
  let isBusy = false; // answering or speaking: the recogniser is paused so it does not hear the clone
  let restartTimer: ReturnType<typeof setTimeout> | undefined;

  const transcript = (role: 'user' | 'assistant', text: string, isFinal: boolean) =>
    emit('message', {
      type: 'transcript',
      role,
      transcriptType: isFinal ? 'final' : 'partial',
      transcript: text,
    });

  function listen() {
    if (!isActive || isMuted || isBusy || isListening || !recognition) return;
    try {
      recognition.start();
      isListening = true;
    } catch {
      // Already started: the recogniser keeps its own state.
    }
  }

  function pauseListening() {
    clearTimeout(restartTimer);
    if (!recognition || !isListening) return;
    isListening = false;
    recognition.abort();
  }

  function speak(text: string): Promise<void> {
    if (!synthesis || typeof SpeechSynthesisUtterance === 'undefined') return Promise.resolve();
    return new Promise((resolve) => {
      const utterance = new SpeechSynthesisUtterance(text);
      if (options.lang) utterance.lang = options.lang;
      // Some engines never fire `end` for long texts; don't let the call hang on that.
      const safety = setTimeout(done, 4000 + text.length * 90);
      let isDone = false;
      function done() {
        if (isDone) return;
        isDone = true;
        clearTimeout(safety);
        emit('volume-level', 0);
        emit('speech-end');
        resolve();
      }
      utterance.onstart = () => {
        emit('speech-start');
        emit('volume-level', 0.6);
      };
      // Speech synthesis reports no loudness: word boundaries make a plausible level meter.
      utterance.onboundary = () => emit('volume-level', 0.45 + Math.random() * 0.55);
      utterance.onend = done;
      utterance.onerror = done;
      synthesis.speak(utterance);
    });
  }

  async function answer(text: string) {
    isBusy = true;
    pauseListening();
    transcript('user', text, true);
    try {
      const reply = await options.sendTurn(sessionId, text);
      if (!isActive) return;
      transcript('assistant', reply, true);
      await speak(reply);
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
    listen();
  }

  function handleResult(event: RecognitionEvent) {
    let interim = '';
    let final = '';
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      const text = result?.[0]?.transcript ?? '';
      if (result?.isFinal) final += text;
      else interim += text;
    }
    if (final.trim()) void answer(final.trim());
    else if (interim.trim()) transcript('user', interim.trim(), false);
  }

  function handleError(code: string) {
    if (code === 'no-speech' || code === 'aborted') return;
    if (code === 'not-allowed' || code === 'service-not-allowed') {
      emit('error', new VoiceCallError('microphone-denied'));
    } else if (code === 'audio-capture') {
      emit('error', new VoiceCallError('no-microphone'));
    } else {
      emit(
        'error',
        new VoiceCallError('connection', 'Speech recognition stopped working, so the call was ended.'),
      );
    }
    stop();
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
      stream = await mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      throw toVoiceCallError(error);
    }
    // Stopped meanwhile (the page was left), or a second request won: don't hold a stray stream.
    if (releaseCount !== releasesBefore || microphone) stopTracks(stream);
    else microphone = stream;
  }

  function stop() {
    clearTimeout(restartTimer);
    releaseMicrophone();
    if (!isActive) return;
    isActive = false;
    isListening = false;
    isBusy = false;
    const current = recognition;
    recognition = null;
    if (current) {
      current.onresult = null;
      current.onerror = null;
      current.onend = null;
      current.abort();
    }
    synthesis?.cancel();
    emit('call-end');
  }

  async function start({ sessionId: id }: CallRequest) {
    if (isActive) throw new VoiceCallError('failed', 'A call is already running.');
    if (!Recognition) throw new VoiceCallError('unsupported');
    let instance: SpeechRecognitionLike;
    try {
      // The hook has usually acquired it before opening the session; a refusal gets a clear message.
      await acquireMicrophone();
      instance = new Recognition();
    } catch (error) {
      releaseMicrophone();
      throw error;
    }
    sessionId = id;
    isActive = true;
    isMuted = false;
    instance.continuous = true;
    instance.interimResults = true;
    instance.lang = options.lang ?? 'en-US';
    instance.onresult = handleResult;
    instance.onerror = (event) => handleError(event.error);
    instance.onend = () => {
      isListening = false;
      // Recognisers stop by themselves after a pause: pick up again while the call runs.
      restartTimer = setTimeout(listen, 250);
    };
    recognition = instance;
    emit('call-start');
    transcript('assistant', options.firstMessage, true);
    isBusy = true;
    void speak(options.firstMessage).then(() => {
      isBusy = false;
      listen();
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
      if (muted) pauseListening();
      else listen();
    },
  };
}
