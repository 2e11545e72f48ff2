import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '../../../shared/content';
import { createPageHead, ORIGIN_TOKEN } from '../../../server/page-head';

const PROFILE = {
  name: 'Alex Morgan',
  title: 'AI Solutions Architect',
  experience: '20 years',
  projects: '100+ enterprise solutions',
  location: 'Massachusetts, USA',
  photo: 'photo.png',
} as PublicProfile;

const meta = (tags: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(tags)?.[1];

describe('the page head', () => {
  it('leaves the origin to each request without PUBLIC_URL, and uses PUBLIC_URL when set', () => {
    const { tags } = createPageHead(PROFILE, undefined)({ pathname: '/voice', kind: 'voice' });
    expect(meta(tags, 'og:image')).toBe(`${ORIGIN_TOKEN}/api/profile/photo`);
    expect(meta(tags, 'og:url')).toBe(`${ORIGIN_TOKEN}/voice`);
    const fixed = createPageHead(PROFILE, 'https://alex.example/')({ pathname: '/voice', kind: 'voice' });
    expect(meta(fixed.tags, 'og:image')).toBe('https://alex.example/api/profile/photo');
    expect(fixed.tags).not.toContain(ORIGIN_TOKEN);
  });

  it('has no preview picture without a photo', () => {
    const { tags } = createPageHead(
      { ...PROFILE, photo: undefined },
      undefined,
    )({ pathname: '/', kind: 'chat' });
    expect(meta(tags, 'og:image')).toBeUndefined();
    expect(meta(tags, 'twitter:image')).toBeUndefined();
    expect(meta(tags, 'twitter:card')).toBe('summary');
  });

  it('cuts a long description at a word, within 200 characters', () => {
    const { tags } = createPageHead(
      { ...PROFILE, location: 'somewhere '.repeat(30).trim() },
      undefined,
    )({
      pathname: '/',
      kind: 'chat',
    });
    const description = meta(tags, 'description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/somewhere…$/);
  });

  it('names a page that reported no kind after the owner', () => {
    expect(createPageHead(PROFILE, undefined)({ pathname: '/x' }).title).toBe(
      'Alex Morgan · AI Solutions Architect',
    );
  });
});
