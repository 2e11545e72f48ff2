// The browser's speech synthesis for browser voice: it reads the clone's words aloud and reports
// speaking and a loudness for the level meter, as the Vapi SDK does.

export interface SpeakerOptions {
  /** null: the browser cannot speak, so speak() resolves at once. */
  synthesis: SpeechSynthesis | null;
  lang?: string;
  onSpeechStart(): void;
  onSpeechEnd(): void;
  /** A loudness, 0..1. */
  onVolume(level: number): void;
}

export interface Speaker {
  /** Resolves once the text has been spoken (or could not be). */
  speak(text: string): Promise<void>;
  /** Silences whatever is being spoken. */
  cancel(): void;
}

export function createSpeaker(options: SpeakerOptions): Speaker {
  const { synthesis } = options;

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
        options.onVolume(0);
        options.onSpeechEnd();
        resolve();
      }
      utterance.onstart = () => {
        options.onSpeechStart();
        options.onVolume(0.6);
      };
      // Speech synthesis reports no loudness: word boundaries make a plausible level meter.
      utterance.onboundary = () => options.onVolume(0.45 + Math.random() * 0.55);
      utterance.onend = done;
      utterance.onerror = done;
      synthesis.speak(utterance);
    });
  }

  return {
    speak,
    cancel: () => synthesis?.cancel(),
  };
}
