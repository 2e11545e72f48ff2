import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export interface Prompt {
  /** Asks and waits for one line; a secret is not echoed on a terminal. Rejects if the input ends. */
  ask(question: string, options?: { secret?: boolean }): Promise<string>;
  close(): void;
}

/**
 * Questions on a terminal or a pipe, through ONE readline interface: a pipe delivers all its
 * lines at once, and a second interface would never see the lines the first one had read.
 * Lines that arrive before their question is asked wait in a queue.
 */
export function createPrompt(input: Readable & { isTTY?: boolean }, output: Writable): Prompt {
  const terminal = Boolean(input.isTTY);
  const rl = readline.createInterface({ input, output, terminal });
  const lines: string[] = [];
  let waiting: { resolve: (line: string) => void; reject: (error: Error) => void } | undefined;
  let ended = false;
  const inputEnded = () => new Error('No answer: the input ended.');

  rl.on('line', (line) => {
    if (waiting) waiting.resolve(line);
    else lines.push(line);
    waiting = undefined;
  });
  rl.on('close', () => {
    ended = true;
    waiting?.reject(inputEnded());
    waiting = undefined;
  });

  // While a secret is typed, swallow what readline would echo.
  let muted = false;
  const writer = rl as unknown as { _writeToOutput: (text: string) => void };
  const echo = writer._writeToOutput.bind(rl);
  writer._writeToOutput = (text) => {
    if (!muted) echo(text);
  };

  const nextLine = () => {
    const queued = lines.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (ended) return Promise.reject(inputEnded());
    return new Promise<string>((resolve, reject) => (waiting = { resolve, reject }));
  };

  return {
    async ask(question, { secret = false } = {}) {
      output.write(question);
      muted = secret && terminal;
      try {
        return (await nextLine()).trim();
      } finally {
        if (muted) output.write('\n');
        muted = false;
      }
    },
    close: () => rl.close(),
  };
}
