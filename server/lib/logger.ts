// One-line structured logs. Never pass request bodies, e-mail addresses or secrets here.
type Level = 'error' | 'warn' | 'info';
type Fields = Record<string, string | number | boolean | null | undefined>;

let threshold: 'silent' | 'error' | 'info' = process.env.NODE_ENV === 'test' ? 'error' : 'info';

export function setLogLevel(level: 'silent' | 'error' | 'info') {
  threshold = level;
}

function write(level: Level, message: string, fields?: Fields) {
  // Warnings show at the 'error' level too: they are about the configuration, printed once.
  if (threshold === 'silent' || (threshold === 'error' && level === 'info')) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === 'info') process.stdout.write(`${line}\n`);
  else process.stderr.write(`${line}\n`);
}

export const logger = {
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
