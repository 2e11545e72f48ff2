import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const CASE_KINDS = [
  'fact',
  'paraphrase',
  'misspelled',
  'spanish',
  'german',
  'french',
  'unknown',
  'injection',
  'hiring',
  'follow-up',
  'site',
  'voice',
] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/**
 * Each owner's evaluation material, by slug: `<slug>/cases` (the set the thresholds guard) and
 * further sets beside it (`blind/`, ...). The cases are written from that owner's content only.
 */
export const EVAL_OWNERS_DIR = path.join(import.meta.dirname, 'owners');

/** The guarded case folder of the owner `slug` (eval/owners/<slug>/cases). */
export function ownerCasesDir(slug: string): string {
  return path.join(EVAL_OWNERS_DIR, slug, 'cases');
}

/** The slug an owner's material is filed under: "Inês Carvalho" is "ines-carvalho". */
export function toOwnerSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const regexSource = z.string().refine(isRegex, 'must be a valid regular expression');

const evalCaseSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case words joined by "-"'),
    kind: z.enum(CASE_KINDS),
    channel: z.enum(['chat', 'voice']).default('chat'),
    turns: z.array(z.string().min(1)).min(1).max(5),
    expect: z
      .object({
        facts: z.array(regexSource).default([]),
        refusal: z.boolean().optional(),
        form: z.boolean().optional(),
        language: z.enum(['en', 'es', 'de', 'fr', 'pt', 'it', 'nl']).optional(),
        forbid: z.array(regexSource).default([]),
        maxWords: z.number().int().positive().optional(),
      })
      .strict(),
  })
  .strict()
  .refine((c) => c.channel === 'chat' || c.expect.form === undefined, {
    message: 'a voice call has no contact form: leave expect.form out',
  })
  .refine((c) => c.kind !== 'follow-up' || c.turns.length > 1, {
    message: 'a follow-up needs the turn it follows',
  });

export type EvalCase = z.infer<typeof evalCaseSchema>;

/**
 * Every case in `source`: a JSON file holding an array of cases, or a folder of such files (read
 * in name order). Throws on a malformed case, a bad regex or a repeated id, naming the file.
 */
export async function loadCases(source: string): Promise<EvalCase[]> {
  const isFolder = (await fs.stat(source)).isDirectory();
  const files = isFolder
    ? (await fs.readdir(source))
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => path.join(source, file))
    : [source];
  const cases: EvalCase[] = [];
  for (const file of files) {
    const parsed = z.array(evalCaseSchema).safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      throw new Error(`${file}: ${problems.join('; ')}`);
    }
    cases.push(...parsed.data);
  }
  const seen = new Set<string>();
  for (const { id } of cases) {
    if (seen.has(id)) throw new Error(`case id "${id}" appears twice`);
    seen.add(id);
  }
  return cases;
}

/** Case-insensitive, with Unicode, as every expectation is read. */
export function toRegex(source: string): RegExp {
  return new RegExp(source, 'iu');
}

function isRegex(source: string): boolean {
  try {
    toRegex(source);
    return true;
  } catch {
    return false;
  }
}
