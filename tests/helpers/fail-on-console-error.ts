import { afterEach, beforeEach, vi } from 'vitest';
import { setLogLevel } from '../../server/lib/logger';
import { startLogRecording, stopLogRecording } from './log-recorder';

// Tests see warnings and errors only; a test about info lines raises the level itself.
setLogLevel('error');

// An unexpected console.error, or an unexpected error-level log from the server's logger, fails
// the test (epic-stack habit). A test that expects a console.error replaces console.error itself
// with vi.spyOn(console, 'error').mockImplementation(...); one that expects error logs calls
// expectErrorLogs() from ./log-recorder.
let errors: unknown[][] = [];
const originalError = console.error;

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    originalError(...args);
  };
  startLogRecording();
});

afterEach(() => {
  const wasReplaced = vi.isMockFunction(console.error);
  console.error = originalError;
  const errorLogs = stopLogRecording();
  if (!wasReplaced && errors.length > 0) {
    throw new Error(`Unexpected console.error: ${errors.map((a) => a.join(' ')).join('\n')}`);
  }
  if (errorLogs.length > 0) {
    throw new Error(`Unexpected error log:\n${errorLogs.map((entry) => entry.line.trim()).join('\n')}`);
  }
});
