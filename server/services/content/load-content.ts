import fs from 'node:fs/promises';
import path from 'node:path';
import {
  availabilityFileSchema,
  DEFAULT_BOOKING_SETTINGS,
  toDayOffRanges,
  type BookingSettings,
  type DayOff,
} from '../../../shared/availability';
import { z } from 'zod';
import { profileFileSchema, type ProfileFile, type PublicProfile } from '../../../shared/content';
import { DEFAULT_PLAN_TABLE, plansFileSchema, type PlanTable } from '../../../shared/plans';

export interface KnowledgeDocument {
  /** File name without folder, e.g. "faq.md". */
  file: string;
  /** The first "# " heading, or the file name. */
  title: string;
  body: string;
}

export interface OwnerContent {
  dir: string;
  profile: ProfileFile;
  knowledge: KnowledgeDocument[];
  /** The owner's days off from availability.json: no call is booked on them. */
  daysOff: DayOff[];
  /** How bookings are confirmed and reminded (availability.json "booking"); defaults when unset. */
  booking?: BookingSettings;
  /** Where the owner works (availability.json "timeZone"); OWNER_TIMEZONE, when set, wins. */
  timeZone?: string;
  /** The owner's own words for the clone (vocabulary.json): example questions and synonyms. */
  vocabulary?: OwnerVocabulary;
  /** The voice plans (plans.json), or the spec's three in dollars. */
  plans: PlanTable;
}

const phrase = z.string().trim().min(1).max(300);

/**
 * content/vocabulary.json (optional): questions visitors ask that a section answers, by its "## "
 * heading, in any language, and groups of words that mean the same to this owner.
 */
export const ownerVocabularySchema = z
  .object({
    examples: z.record(z.string().min(1), z.array(phrase).min(1)).optional(),
    synonyms: z.array(z.array(phrase).min(2)).optional(),
  })
  .strict();

export type OwnerVocabulary = z.infer<typeof ownerVocabularySchema>;

export class ContentError extends Error {}

/**
 * Reads and validates content/profile.json, content/knowledge/*.md and the optional
 * content/availability.json. Fails loudly at start-up.
 */
export async function loadContent(dir: string): Promise<OwnerContent> {
  const profilePath = path.join(dir, 'profile.json');
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(profilePath, 'utf8'));
  } catch (error) {
    throw new ContentError(`${profilePath}: ${(error as Error).message}`);
  }
  const parsed = profileFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ContentError(`${profilePath}: ${problems}`);
  }
  const knowledge = await loadKnowledge(path.join(dir, 'knowledge'));
  const vocabulary = await loadVocabulary(path.join(dir, 'vocabulary.json'), knowledge);
  return {
    dir,
    profile: parsed.data,
    knowledge,
    ...(await loadAvailability(path.join(dir, 'availability.json'))),
    plans: await loadPlans(path.join(dir, 'plans.json')),
    ...(vocabulary ? { vocabulary } : {}),
  };
}

/** The owner's vocabulary; a missing file means none. Every heading it names must exist. */
async function loadVocabulary(
  filePath: string,
  knowledge: KnowledgeDocument[],
): Promise<OwnerVocabulary | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(filePath, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ContentError(`${filePath}: ${(error as Error).message}`);
  }
  const parsed = ownerVocabularySchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ContentError(`${filePath}: ${problems}`);
  }
  const headings = new Set(
    knowledge.flatMap((document) =>
      [...document.body.matchAll(/^##\s+(.+)$/gm)].map((match) => match[1]!.trim()),
    ),
  );
  const unknown = Object.keys(parsed.data.examples ?? {}).filter((heading) => !headings.has(heading));
  if (unknown.length > 0)
    throw new ContentError(
      `${filePath}: no "## " heading in knowledge/ is named ${unknown.map((h) => `"${h}"`).join(', ')}`,
    );
  return parsed.data;
}

/** The owner's days off, booking settings and time zone; a missing file means none and the defaults. */
async function loadAvailability(
  filePath: string,
): Promise<{ daysOff: DayOff[]; booking: BookingSettings; timeZone?: string }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(filePath, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { daysOff: [], booking: DEFAULT_BOOKING_SETTINGS };
    throw new ContentError(`${filePath}: ${(error as Error).message}`);
  }
  const parsed = availabilityFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ContentError(`${filePath}: ${problems}`);
  }
  const { booking = DEFAULT_BOOKING_SETTINGS, timeZone } = parsed.data;
  return { daysOff: toDayOffRanges(parsed.data), booking, ...(timeZone ? { timeZone } : {}) };
}

/** The booking settings of content that may predate them (tests build content by hand). */
export function getBookingSettings(content: Pick<OwnerContent, 'booking'>): BookingSettings {
  return content.booking ?? DEFAULT_BOOKING_SETTINGS;
}

/** The owner's voice plans; a missing file means the spec's default plans in dollars. */
async function loadPlans(filePath: string): Promise<PlanTable> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(filePath, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_PLAN_TABLE;
    throw new ContentError(`${filePath}: ${(error as Error).message}`);
  }
  const parsed = plansFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ContentError(`${filePath}: ${problems}`);
  }
  return parsed.data;
}

/** The clone answers from these files: a missing folder, no .md file or an empty one stops the start. */
async function loadKnowledge(knowledgeDir: string): Promise<KnowledgeDocument[]> {
  let entries: string[];
  try {
    entries = await fs.readdir(knowledgeDir);
  } catch (error) {
    const isMissing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ContentError(
      `${knowledgeDir}: ${isMissing ? 'the knowledge folder is missing; add it with at least one .md file' : (error as Error).message}`,
    );
  }
  const files = entries.filter((file) => file.endsWith('.md')).sort();
  if (files.length === 0) throw new ContentError(`${knowledgeDir}: no .md knowledge files; add at least one`);
  // One file after another, so the first problem in name order is the one reported.
  const knowledge: KnowledgeDocument[] = [];
  for (const file of files) {
    const filePath = path.join(knowledgeDir, file);
    let body: string;
    try {
      body = await fs.readFile(filePath, 'utf8');
    } catch (error) {
      throw new ContentError(`${filePath}: ${(error as Error).message}`);
    }
    if (!body.trim()) {
      throw new ContentError(`${filePath}: the knowledge file is empty; write it or remove it`);
    }
    const title = /^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? file.replace(/\.md$/, '');
    knowledge.push({ file, title, body });
  }
  return knowledge;
}

export function toPublicProfile(profile: ProfileFile): PublicProfile {
  const { persona: _persona, ...publicPart } = profile;
  return publicPart;
}
