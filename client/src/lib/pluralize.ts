/** "1 minute", "2 minutes", "0 minutes". */
export const pluralize = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
