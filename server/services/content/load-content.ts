import fs from 'node:fs/promises';
import path from 'node:path';
import { profileFileSchema, type ProfileFile, type PublicProfile } from '../../../shared/content';

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
}

export class ContentError extends Error {}

/** Reads and validates content/profile.json and content/knowledge/*.md. Fails loudly at start-up. */
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

  const knowledgeDir = path.join(dir, 'knowledge');
  const files = (await fs.readdir(knowledgeDir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.md'))
    .sort();
  const knowledge = await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(path.join(knowledgeDir, file), 'utf8');
      const title = /^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? file.replace(/\.md$/, '');
      return { file, title, body };
    }),
  );
  return { dir, profile: parsed.data, knowledge };
}

export function toPublicProfile(profile: ProfileFile): PublicProfile {
  const { persona: _persona, greeting: _greeting, ...publicPart } = profile;
  return publicPart;
}
