import { setLogSink } from '../../server/lib/logger';

// What the server logged during the current test, as written (after redaction). The setup file
// (fail-on-console-error.ts) starts and checks the recording around every test.

export interface LogEntry {
  level: string;
  msg: string;
  /** The line exactly as it would have been written. */
  line: string;
  [field: string]: unknown;
}

let entries: LogEntry[] = [];
let areErrorsExpected = false;

export function startLogRecording() {
  entries = [];
  areErrorsExpected = false;
  setLogSink((line) => entries.push({ ...(JSON.parse(line) as LogEntry), line }));
}

/** Stops recording; answers the error entries nobody said to expect. */
export function stopLogRecording(): LogEntry[] {
  setLogSink(undefined);
  return areErrorsExpected
    ? []
    : entries.filter((entry) => entry.level === 'error' || entry.level === 'fatal');
}

/**
 * Says this test logs errors on purpose, so they do not fail it. Answers the recorded entries
 * (every level, filled as the test goes on) for the test to check what was logged.
 */
export function expectErrorLogs(): LogEntry[] {
  areErrorsExpected = true;
  return entries;
}
