import type { ProfileFile } from '../../../shared/content';

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

/** A case study: a section whose bullet fields name at least a client and an outcome. */
export function isCaseStudy(passage: Passage): boolean {
  return Boolean(passage.fields.client && passage.fields.outcome);
}

/** Splits a Markdown file at its "## " headings; text before the first one is its own passage. */
export function splitSections(file: string, body: string): Passage[] {
  const documentTitle = /^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? file.replace(/\.md$/, '');
  const withoutTitle = body.replace(/^#\s+.+$/m, '');
  const parts = withoutTitle.split(/^##\s+/m);
  const passages: Passage[] = [];
  parts.forEach((part, index) => {
    const isIntro = index === 0;
    const newline = part.indexOf('\n');
    const title = isIntro ? documentTitle : (newline === -1 ? part : part.slice(0, newline)).trim();
    const text = (isIntro ? part : newline === -1 ? '' : part.slice(newline + 1)).trim();
    if (!text) return;
    passages.push({
      id: `${file}#${index}`,
      source: file,
      title,
      documentTitle,
      text,
      fields: bulletFields(text),
    });
  });
  return passages;
}

function bulletFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of text.matchAll(/^\s*[-*]\s+\*\*([^*:]+):\*\*\s*(.+)$/gm)) {
    fields[match[1]!.trim().toLowerCase()] = match[2]!.trim();
  }
  return fields;
}

/** The profile's facts as passages, so retrieval finds them like any other content. */
export function profilePassages(profile: ProfileFile): Passage[] {
  const fact = (key: string, title: string, text: string): Passage => ({
    id: `profile.json#${key}`,
    source: 'profile.json',
    title,
    text,
    fields: {},
  });
  return [
    fact(
      'experience',
      'Experience and track record',
      `I'm ${profile.name}, ${withArticle(profile.title)} with ${profile.experience} of experience and ${delivered(profile.projects)}.`,
    ),
    fact(
      'title',
      'Job title',
      // In brackets: the specialty is the profile's free label ("GenAI specialist", "Modern data
      // platforms"), a role for one owner and a field for another.
      `My job title is ${profile.title}${profile.specialty ? ` (${profile.specialty})` : ''}.`,
    ),
    fact(
      'location',
      'Location and work style',
      `I'm based in ${profile.location} and work as ${withArticle(lowerFirst(profile.workStyle))}.`,
    ),
    fact('availability', 'Availability', labelled('My availability', profile.availability)),
    fact('response-time', 'Response time', `As my AI clone, I usually answer in ${profile.responseTime}.`),
    ...profile.expertise.map((card, index) =>
      fact(`expertise-${index}`, card.title, `${card.description} Key skills: ${card.keywords.join(', ')}.`),
    ),
  ];
}

/**
 * "Remote freelancer, on site in Lisbon and Porto" inside a sentence: only its first letter lowers,
 * so the places keep theirs, and an abbreviation ("EU-based") keeps all of its.
 */
function lowerFirst(label: string): string {
  return /^\p{Lu}\p{Ll}/u.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/**
 * A profile field as a sentence under its label. A label the owner wrote into the value ("Booking new
 * projects: 3 days a week") goes in brackets after it, rather than a second label after the first.
 */
function labelled(label: string, value: string): string {
  const own = /^([^:.]{3,40}): (.+)$/.exec(value);
  return own ? `${label} (${lowerFirst(own[1]!)}): ${own[2]}.` : `${label}: ${value}.`;
}

/** "100+ enterprise solutions delivered", once: the owner may have written "delivered" already. */
function delivered(projects: string): string {
  return /\bdelivered\b/i.test(projects) ? projects : `${projects} delivered`;
}

export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
