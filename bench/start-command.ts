// What `npm start` runs the server with (package.json's start script): its Node flags and the
// variables it sets, so a bench measures the server as it ships.
import fs from 'node:fs';
import path from 'node:path';

const words = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start.split(/\s+/);

/** Its Node and V8 flags ("--max-semi-space-size=4"). */
export const START_FLAGS = words.filter((word) => word.startsWith('--'));

/** The variables it sets: `NAME=${NAME:-2}` is the caller's value, else 2. */
export function startEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(
    words.flatMap((word) => {
      const match = /^([A-Z_]+)=(?:\$\{\1:-([^}]*)\}|(.*))$/.exec(word);
      return match ? [[match[1]!, env[match[1]!] ?? match[2] ?? match[3]!]] : [];
    }),
  );
}
