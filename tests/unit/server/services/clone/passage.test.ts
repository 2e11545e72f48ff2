import { describe, expect, it } from 'vitest';
import { profilePassages } from '../../../../../server/services/clone/passage';
import { loadContent } from '../../../../../server/services/content/load-content';
import { fixtureOwnerDir } from '../../../../helpers/fixture-owners';

describe.each(['alex-morgan', 'ines-carvalho'])("the profile's facts as passages for %s", (slug) => {
  it('says the projects delivered once, whether or not the owner wrote "delivered"', async () => {
    const { profile } = await loadContent(fixtureOwnerDir(slug));
    for (const projects of [
      profile.projects,
      `${profile.projects.replace(/\s*delivered$/i, '')} delivered`,
    ]) {
      const [experience] = profilePassages({ ...profile, projects });
      expect(experience!.text).toContain(projects.replace(/\s*delivered$/i, ''));
      expect(experience!.text.match(/delivered/gi)).toHaveLength(1);
    }
  });

  it('names the title, and the specialty as the owner wrote it, whether a role or a field', async () => {
    const { profile } = await loadContent(fixtureOwnerDir(slug));
    for (const specialty of ['GenAI specialist', 'Modern data platforms']) {
      const title = profilePassages({ ...profile, specialty }).find((p) => p.id === 'profile.json#title');
      expect(title!.text).toBe(`My job title is ${profile.title} (${specialty}).`);
    }
    const withoutSpecialty = profilePassages({ ...profile, specialty: undefined });
    expect(withoutSpecialty.find((p) => p.id === 'profile.json#title')!.text).toBe(
      `My job title is ${profile.title}.`,
    );
  });

  it('keeps the names in the work style as written, lowering only its first word', async () => {
    const { profile } = await loadContent(fixtureOwnerDir(slug));
    const locationOf = (workStyle: string) =>
      profilePassages({ ...profile, workStyle }).find((p) => p.id === 'profile.json#location')!.text;
    expect(locationOf('Remote freelancer, on site in Lisbon and Porto')).toBe(
      `I'm based in ${profile.location} and work as a remote freelancer, on site in Lisbon and Porto.`,
    );
    expect(locationOf('EU-based contractor')).toContain('work as an EU-based contractor');
  });

  it('gives the availability one label: a label the owner wrote in it goes in brackets', async () => {
    const { profile } = await loadContent(fixtureOwnerDir(slug));
    const availabilityOf = (availability: string) =>
      profilePassages({ ...profile, availability }).find((p) => p.id === 'profile.json#availability')!.text;
    expect(availabilityOf('Booking new projects: 3 days a week')).toBe(
      'My availability (booking new projects): 3 days a week.',
    );
    expect(availabilityOf('Two days a week from March')).toBe('My availability: Two days a week from March.');
  });
});
