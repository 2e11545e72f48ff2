import { hasStatus } from '@/lib/api-client';
import type { VoiceEventEmitter } from './event-emitter';
import {
  createRecognizer,
  type SpeechRecognitionConstructor,
  type SpeechRecognitionLike,
} from './speech-recognition';
import type { Speaker } from './speech-synthesis';
import { VoiceCallError } from './voice-client';

export interface BrowserCallOptions {
  Recognition: SpeechRecognitionConstructor;
  /** A recognition already probed for this call; a new one otherwise. */
  recognition?: SpeechRecognitionLike;
  lang: string;
  sessionId: string;
  /** POST /api/voice-sessions/:id/turns: the clone's reply to one utterance. */
  sendTurn(sessionId: string, text: string): Promise<string>;
  speaker: Speaker;
  emit: VoiceEventEmitter['emit'];
  /** The call cannot go on (recognition failed, or the server refused a turn): the client stops. */
  onFatal(): void;
}

/** Answers that mean the call cannot go on (signed out, no minutes left, session closed). */
const isFatalTurnError = (error: unknown) => hasStatus(error, 401, 403, 404, 409);

/**
 * One browser-voice call, from start() to stop(): the recogniser hears the visitor, each final
 * utterance goes to the server and its reply is spoken. While the clone answers or speaks, the
 * recogniser is paused so that it does not hear the clone. Throws when no recogniser can be made.
 */
export function openBrowserCall(options: BrowserCallOptions) {
  const { speaker, emit } = options;
  let isActive = false;
  let isMuted = false;
  let isBusy = false; // answering or speaking

  const transcript = (role: 'user' | 'assistant', text: string, isFinal: boolean) =>
    emit('message', {
      type: 'transcript',
      role,
      transcriptType: isFinal ? 'final' : 'partial',
      transcript: text,
    });

  const recognizer = createRecognizer(options.Recognition, {
    lang: options.lang,
    recognition: options.recognition,
    canListen: () => isActive && !isMuted && !isBusy,
    onUtterance: (text) => void answer(text),
    onPartial: (text) => transcript('user', text, false),
    onFatalError: (error) => {
      emit('error', error);
      options.onFatal();
    },
  });

  async function answer(text: string) {
    isBusy = true;
    recognizer.pause();
    transcript('user', text, true);
    try {
      const reply = await options.sendTurn(options.sessionId, text);
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
        options.onFatal();
        return;
      }
    } finally {
      isBusy = false;
    }
    recognizer.listen();
  }

  return {
    /** The call is on: the clone says its first message, then the recogniser listens. */
    begin(firstMessage: string) {
      isActive = true;
      emit('call-start');
      transcript('assistant', firstMessage, true);
      isBusy = true;
      void speaker.speak(firstMessage).then(() => {
        isBusy = false;
        recognizer.listen();
      });
    },
    setMuted(muted: boolean) {
      isMuted = muted;
      if (muted) recognizer.pause();
      else recognizer.listen();
    },
    /** Ends hearing and answering for good; a reply still on its way is dropped. */
    close() {
      isActive = false;
      isBusy = false;
      recognizer.close();
    },
  };
}

export type BrowserCall = ReturnType<typeof openBrowserCall>;
