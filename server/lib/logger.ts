// One-line structured logs. Never pass request bodies, e-mail addresses or secrets here.
type Level = 'error' | 'info';
type Fields = Record<string, string | number | boolean | null | undefined>;

let threshold: 'silent' | Level = process.env.NODE_ENV === 'test' ? 'error' : 'info';

export function setLogLevel(level: 'silent' | Level) {
  threshold = level;
}

function write(level: Level, message: string, fields?: Fields) {
  if (threshold === 'silent' || (threshold === 'error' && level === 'info')) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === 'error') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  info: (message: string, fields?: Fields) => write('info', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
