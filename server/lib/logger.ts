import pino from 'pino';

// One JSON line a log entry (pino). Never pass request bodies, e-mail addresses or secrets here:
// the redaction below is a safety net for field names, not a licence to log visitors' data.
type Fields = Record<string, string | number | boolean | null | undefined>;
type Threshold = 'silent' | 'error' | 'info';

/** Field names whose values are personal data or secrets, at the top level or one level down. */
const REDACTED_FIELDS = [
  'email',
  'visitorEmail',
  'phone',
  'phoneNumber',
  'visitorPhone',
  'name',
  'fullName',
  'visitorName',
  'password',
  'token',
  'secret',
  'code',
  'message',
  'content',
  'text',
  'transcript',
  'purpose',
  'body',
  'params',
  'authorization',
  'cookie',
];
const REDACT_PATHS = [
  ...REDACTED_FIELDS,
  ...REDACTED_FIELDS.map((field) => `*.${field}`),
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

/** Receives each written line instead of stdout/stderr (the test setup records them). */
export type LogSink = (line: string) => void;
let sink: LogSink | undefined;

export function setLogSink(next: LogSink | undefined) {
  sink = next;
}

const ERROR_LEVEL = 40; // pino's warn: warnings and errors go to stderr
const destination = {
  // pino sets `lastLevel` on a destination that carries this marker.
  [Symbol.for('pino.metadata')]: true,
  lastLevel: 0,
  write(line: string) {
    if (sink) sink(line);
    else (this.lastLevel >= ERROR_LEVEL ? process.stderr : process.stdout).write(line);
  },
};

// Warnings show at the 'error' threshold too: they are about the configuration, printed once.
const PINO_LEVEL: Record<Threshold, pino.LevelWithSilent> = { silent: 'silent', error: 'warn', info: 'info' };

const base = pino(
  {
    // server/index.ts sets the configured LOG_LEVEL at start; the test setup lowers it to 'error'.
    level: PINO_LEVEL.info,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  },
  destination,
);

export function setLogLevel(level: Threshold) {
  base.level = PINO_LEVEL[level];
}

export const logger = {
  info: (message: string, fields?: Fields) => base.info(fields ?? {}, message),
  warn: (message: string, fields?: Fields) => base.warn(fields ?? {}, message),
  error: (message: string, fields?: Fields) => base.error(fields ?? {}, message),
};
