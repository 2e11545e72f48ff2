import path from 'node:path';

// Owner-dependent behaviour is tested on fixture owners, never on the shipped content/, so a
// consultant who replaces content/ with their own keeps a green suite. Each folder is a complete
// content folder (profile.json, knowledge/, availability.json, photo).

/** Where the fixture owners' content folders live, one folder per owner slug. */
export const FIXTURE_OWNERS_DIR = path.resolve(import.meta.dirname, '../fixtures/owners');

/** The owner most tests answer from: a copy of the content/ the project first shipped with. */
export const DEFAULT_FIXTURE_OWNER = 'alex-morgan';

/** The content folder of the fixture owner `slug` (e.g. "alex-morgan"). */
export function fixtureOwnerDir(slug: string = DEFAULT_FIXTURE_OWNER): string {
  if (!/^[a-z0-9-]+$/.test(slug)) throw new Error(`not an owner slug: "${slug}"`);
  return path.join(FIXTURE_OWNERS_DIR, slug);
}
