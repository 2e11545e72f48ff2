import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PLAN_TABLE } from '../../../../../shared/plans';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, loadContent } from '../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../helpers/fixture-owners';

// The one test that reads the shipped content/: whoever owns the site, it must load. It asserts
// nothing about the owner, so a consultant who replaces content/ keeps it green.
const SHIPPED_CONTENT_DIR = path.resolve(import.meta.dirname, '../../../../../content');
const FIXTURE_DIR = fixtureOwnerDir('alex-morgan');

// Each test gets a content folder of its own: a fixture owner's profile and the knowledge files it needs.
let dir: string;
let knowledgeDir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'content-'));
  knowledgeDir = path.join(dir, 'knowledge');
  await fs.copyFile(path.join(FIXTURE_DIR, 'profile.json'), path.join(dir, 'profile.json'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function writeKnowledge(files: Record<string, string>) {
  await fs.mkdir(knowledgeDir, { recursive: true });
  for (const [name, body] of Object.entries(files)) await fs.writeFile(path.join(knowledgeDir, name), body);
}

/** The one line the start prints for content that cannot be used. */
async function loadError(): Promise<string> {
  const error: unknown = await loadContent(dir).then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ContentError);
  const { message } = error as ContentError;
  expect(message).not.toContain('\n');
  return message;
}

describe('loadContent', () => {
  it('loads the shipped content/: a valid profile, its photo, and every knowledge file with a title', async () => {
    const content = await loadContent(SHIPPED_CONTENT_DIR);
    expect(content.profile.name.trim()).not.toBe('');
    expect(content.profile.greeting.trim()).not.toBe('');
    const { photo } = content.profile;
    if (photo) await expect(fs.access(path.join(SHIPPED_CONTENT_DIR, photo))).resolves.toBeUndefined();
    expect(content.knowledge.length).toBeGreaterThan(0);
    for (const doc of content.knowledge) {
      expect(doc.title).not.toBe('');
      expect(doc.body.trim()).not.toBe('');
    }
  });

  it('loads a fixture owner: profile, greeting and every knowledge file with its title', async () => {
    const content = await loadContent(FIXTURE_DIR);
    expect(content.profile.greeting).toMatch(/AI clone of Alex Morgan/);
    expect(content.knowledge.map((doc) => doc.file)).toEqual([
      'bio.md',
      'faq.md',
      'projects.md',
      'services.md',
    ]);
    for (const doc of content.knowledge) {
      expect(doc.title).not.toBe('');
      expect(doc.body.trim()).not.toBe('');
    }
  });

  it('reads .md files only, in name order, titled by their first heading or their name', async () => {
    await writeKnowledge({ 'b.md': 'No heading here.', 'a.md': 'Intro\n# Services\nText', 'notes.txt': '' });
    const { knowledge } = await loadContent(dir);
    expect(knowledge.map(({ file, title }) => ({ file, title }))).toEqual([
      { file: 'a.md', title: 'Services' },
      { file: 'b.md', title: 'b' },
    ]);
  });

  it('stops the start when the knowledge folder is missing', async () => {
    expect(await loadError()).toBe(
      `${knowledgeDir}: the knowledge folder is missing; add it with at least one .md file`,
    );
  });

  it('stops the start when the knowledge folder holds no .md file', async () => {
    await writeKnowledge({});
    expect(await loadError()).toBe(`${knowledgeDir}: no .md knowledge files; add at least one`);
    await writeKnowledge({ 'notes.txt': 'Not Markdown.' });
    expect(await loadError()).toBe(`${knowledgeDir}: no .md knowledge files; add at least one`);
  });

  it('stops the start on an empty knowledge file, naming it', async () => {
    await writeKnowledge({ 'bio.md': '# Bio\nTwenty years.', 'faq.md': ' \n\t\n' });
    expect(await loadError()).toBe(
      `${path.join(knowledgeDir, 'faq.md')}: the knowledge file is empty; write it or remove it`,
    );
  });

  it('stops the start on an invalid profile, naming the field', async () => {
    await writeKnowledge({ 'bio.md': '# Bio' });
    const profile = JSON.parse(await fs.readFile(path.join(dir, 'profile.json'), 'utf8')) as object;
    await fs.writeFile(path.join(dir, 'profile.json'), JSON.stringify({ ...profile, greeting: '' }));
    expect(await loadError()).toMatch(/profile\.json: greeting: /);
  });

  it.each(['me.svg', 'me.png', 'me.jpg', 'me.jpeg', 'me.webp'])('accepts a %s photo', async (photo) => {
    await writeKnowledge({ 'bio.md': '# Bio' });
    const profile = JSON.parse(await fs.readFile(path.join(dir, 'profile.json'), 'utf8')) as object;
    await fs.writeFile(path.join(dir, 'profile.json'), JSON.stringify({ ...profile, photo }));
    expect((await loadContent(dir)).profile.photo).toBe(photo);
  });

  it('stops the start on a photo that is not a picture format it can show', async () => {
    await writeKnowledge({ 'bio.md': '# Bio' });
    const profile = JSON.parse(await fs.readFile(path.join(dir, 'profile.json'), 'utf8')) as object;
    await fs.writeFile(path.join(dir, 'profile.json'), JSON.stringify({ ...profile, photo: 'me.html' }));
    expect(await loadError()).toMatch(/profile\.json: photo: must be an \.svg, \.png/);
  });

  it('reads the optional vocabulary.json: example questions by heading, and synonym groups', async () => {
    await writeKnowledge({ 'faq.md': '# FAQ\n\n## Rates\n\nMy day rate is 700 euros.\n' });
    expect((await loadContent(dir)).vocabulary).toBeUndefined();
    const vocabulary = {
      examples: { Rates: ['what does a day cost?'] },
      synonyms: [['vector db', 'vector database']],
    };
    await fs.writeFile(path.join(dir, 'vocabulary.json'), JSON.stringify(vocabulary));
    expect((await loadContent(dir)).vocabulary).toEqual(vocabulary);
  });

  it("reads the owner's time zone from availability.json, and stops the start on one that is none", async () => {
    await writeKnowledge({ 'faq.md': '# FAQ\n\n## Rates\n\nMy day rate is 700 euros.\n' });
    expect((await loadContent(dir)).timeZone).toBeUndefined();
    const availability = path.join(dir, 'availability.json');
    await fs.writeFile(availability, JSON.stringify({ daysOff: [], timeZone: 'Europe/Lisbon' }));
    expect((await loadContent(dir)).timeZone).toBe('Europe/Lisbon');
    await fs.writeFile(availability, JSON.stringify({ daysOff: [], timeZone: 'Lisbon' }));
    expect(await loadError()).toMatch(/availability\.json: timeZone: must be an IANA time zone/);
  });

  it('stops the start on a vocabulary that names a heading the knowledge lacks, or a bad shape', async () => {
    await writeKnowledge({ 'faq.md': '# FAQ\n\n## Rates\n\nMy day rate is 700 euros.\n' });
    await fs.writeFile(
      path.join(dir, 'vocabulary.json'),
      JSON.stringify({ examples: { Prices: ['how much?'] } }),
    );
    await expect(loadContent(dir)).rejects.toThrow(
      /vocabulary\.json: no "## " heading in knowledge\/ is named "Prices"/,
    );
    await fs.writeFile(path.join(dir, 'vocabulary.json'), JSON.stringify({ synonyms: [['alone']] }));
    await expect(loadContent(dir)).rejects.toThrow(ContentError);
  });

  it("sells the spec's plans without plans.json, the owner's with it, and stops the start on a bad one", async () => {
    await writeKnowledge({ 'bio.md': '# Bio' });
    expect((await loadContent(dir)).plans).toEqual(DEFAULT_PLAN_TABLE);
    expect(DEFAULT_PLAN_TABLE.plans.map((plan) => [plan.name, plan.price, plan.minutes])).toEqual([
      ['Monthly', 29, 100],
      ['Professional', 59, 300],
      ['Enterprise', 99, -1],
    ]);
    const plans = { currency: 'EUR', plans: [{ id: 'monthly', name: 'Mensal', price: 19.9, minutes: 60 }] };
    await fs.writeFile(path.join(dir, 'plans.json'), JSON.stringify(plans));
    expect((await loadContent(dir)).plans).toEqual({
      currency: 'eur',
      plans: [{ id: 'monthly', name: 'Mensal', price: 19.9, minutes: 60, isPopular: false }],
    });
    await fs.writeFile(path.join(dir, 'plans.json'), JSON.stringify({ ...plans, currency: 'euro' }));
    expect(await loadError()).toMatch(/plans\.json: currency: a three-letter ISO 4217 code/);
  });
});
