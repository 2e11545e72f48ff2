import { VoiceCallError } from './voice-client';

// The browser's speech recognition for one browser-voice call: it hears the visitor continuously,
// picks up again after the pauses where browsers stop it by themselves, and hands on final and
// partial utterances and the errors a call cannot go on with.

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
export interface SpeechRecognitionLike {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  /** The service has the microphone's audio (absent in some browsers). */
  onaudiostart?: (() => void) | null;
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

/** How long a probe waits for the service to take audio before letting the call go on anyway. */
const PROBE_TIMEOUT_MS = 1_500;

/**
 * Starts recognition once, before a call, to learn whether this browser's speech service works: a
 * browser without one (Chromium builds without Google's service) fails at once with
 * "audio-capture", "network" or "not-allowed" although the microphone itself works. Resolves when
 * the service takes audio (or stays quiet for PROBE_TIMEOUT_MS); rejects with 'speech-unavailable'.
 * The recognition is stopped again either way, ready for the call's recogniser.
 */
export function probeRecognition(recognition: SpeechRecognitionLike, lang: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: VoiceCallError) => {
      clearTimeout(timer);
      recognition.onaudiostart = null;
      recognition.onerror = null;
      try {
        recognition.abort();
      } catch {
        // not started: nothing to stop
      }
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => done(), PROBE_TIMEOUT_MS);
    recognition.lang = lang;
    recognition.onaudiostart = () => done();
    recognition.onerror = ({ error }) =>
      done(
        error === 'aborted' || error === 'no-speech' ? undefined : new VoiceCallError('speech-unavailable'),
      );
    try {
      recognition.start();
    } catch {
      done(new VoiceCallError('speech-unavailable'));
    }
  });
}

export interface RecognizerOptions {
  lang: string;
  /** A recognition already created (and probed) for this call; a new one otherwise. */
  recognition?: SpeechRecognitionLike;
  /** Whether the call wants to hear the visitor now: running, unmuted, not answering. */
  canListen(): boolean;
  onUtterance(text: string): void;
  onPartial(text: string): void;
  /** Recognition stopped working (microphone refused or gone, service failed): the call must end. */
  onFatalError(error: VoiceCallError): void;
}

export interface Recognizer {
  /** Starts hearing, unless it already does or the call does not want it now. */
  listen(): void;
  /** Stops hearing until the next listen(), e.g. so it does not hear the clone. */
  pause(): void;
  /** Ends recognition for good: no more events and no restart. */
  close(): void;
}

/** What a recognition error means for the call; null: harmless (silence, our own abort). */
function toRecognitionError(code: string): VoiceCallError | null {
  if (code === 'no-speech' || code === 'aborted') return null;
  if (code === 'not-allowed' || code === 'service-not-allowed')
    return new VoiceCallError('microphone-denied');
  if (code === 'audio-capture') return new VoiceCallError('no-microphone');
  return new VoiceCallError('connection', 'Speech recognition stopped working, so the call was ended.');
}

/** Creates the recogniser for one call; throws when the browser cannot create one. */
export function createRecognizer(
  Recognition: SpeechRecognitionConstructor,
  options: RecognizerOptions,
): Recognizer {
  const recognition = options.recognition ?? new Recognition();
  let isListening = false;
  let isClosed = false;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;

  function listen() {
    if (isClosed || isListening || !options.canListen()) return;
    try {
      recognition.start();
      isListening = true;
    } catch {
      // Already started: the recogniser keeps its own state.
    }
  }

  function pause() {
    clearTimeout(restartTimer);
    if (isClosed || !isListening) return;
    isListening = false;
    recognition.abort();
  }

  function close() {
    clearTimeout(restartTimer);
    if (isClosed) return;
    isClosed = true;
    isListening = false;
    recognition.onresult = null;
    recognition.onerror = null;
    recognition.onend = null;
    recognition.abort();
  }

  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.lang = options.lang;
  recognition.onresult = (event) => {
    let interim = '';
    let final = '';
    for (let i = event.resultIndex; i < event.results.length; i += 1) {
      const result = event.results[i];
      const text = result?.[0]?.transcript ?? '';
      if (result?.isFinal) final += text;
      else interim += text;
    }
    if (final.trim()) options.onUtterance(final.trim());
    else if (interim.trim()) options.onPartial(interim.trim());
  };
  recognition.onerror = (event) => {
    const error = toRecognitionError(event.error);
    if (error) options.onFatalError(error);
  };
  recognition.onend = () => {
    isListening = false;
    // Recognisers stop by themselves after a pause: pick up again while the call runs.
    restartTimer = setTimeout(listen, 250);
  };
  return { listen, pause, close };
}
