import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '../../../shared/content';
import { createPageHead } from '../../../server/page-head';

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
  it('takes the page address and picture from PUBLIC_URL, and leaves them out without it', () => {
    const { tags } = createPageHead(PROFILE, undefined)({ pathname: '/voice', kind: 'voice' });
    for (const key of ['og:url', 'og:image', 'og:image:alt', 'twitter:image'])
      expect(meta(tags, key)).toBeUndefined();
    expect(meta(tags, 'og:title')).toBeTruthy();
    const fixed = createPageHead(PROFILE, 'https://alex.example/')({ pathname: '/voice', kind: 'voice' });
    expect(meta(fixed.tags, 'og:image')).toBe('https://alex.example/api/profile/photo');
    expect(meta(fixed.tags, 'twitter:image')).toBe('https://alex.example/api/profile/photo');
    expect(meta(fixed.tags, 'og:url')).toBe('https://alex.example/voice');
  });

  it('has no preview picture without a photo', () => {
    const { tags } = createPageHead(
      { ...PROFILE, photo: undefined },
      'https://alex.example',
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
