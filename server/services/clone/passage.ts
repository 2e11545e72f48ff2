/** One retrievable piece of the owner's content: a "## " section of a knowledge file or a profile fact. */
export interface Passage {
  id: string;
  /** Knowledge file name, or "profile.json". */
  source: string;
  title: string;
  /** The "# " title of its file ("Services, engagement model and rates"). */
  documentTitle?: string;
  /** Markdown body without its heading, written in the owner's first person. */
  text: string;
  /** `- **Key:** value` bullet lines, keys lower-cased (case studies: client, problem, outcome...). */
  fields: Record<string, string>;
}
