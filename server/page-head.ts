import type { PublicProfile } from '../shared/content';
import { getPageTitle, type PageKind } from '../shared/page-titles';

const DESCRIPTION_MAX = 200;

export interface PageHead {
  title: string;
  /** The description and link-preview (Open Graph, Twitter) tags, HTML-escaped. */
  tags: string;
}

export type DescribePage = (page: { pathname: string; kind?: PageKind }) => PageHead;

/**
 * Builds each page's title and link-preview tags from the owner's content, so a link to the site
 * previews the owner: name, headline, a summary, and the photo as the preview picture.
 *
 * The page address (og:url) and the picture are absolute URLs, as link-preview crawlers need,
 * and come from PUBLIC_URL only. Without it they are left out rather than taken from the
 * request's Host header, which any client chooses (a poisoned cache or a crafted preview would
 * point visitors elsewhere): a crawler then keeps the address it fetched, and the preview has
 * no picture. The server warns about the missing PUBLIC_URL at start.
 */
export function createPageHead(profile: PublicProfile, publicUrl: string | undefined): DescribePage {
  const origin = publicUrl ? escapeAttribute(publicUrl.replace(/\/+$/, '')) : undefined;
  // Marked { url }: already escaped.
  const absolute = (urlPath: string) =>
    origin === undefined ? undefined : { url: origin + escapeAttribute(urlPath) };
  const description = summarize(
    `${profile.title} with ${profile.experience} of experience (${profile.projects}), ${profile.location}. ` +
      `Chat with ${profile.name}'s AI clone, book a call or talk by voice.`,
  );
  const image = profile.photo ? absolute('/api/profile/photo') : undefined;
  return ({ pathname, kind }) => {
    const title = kind ? getPageTitle(kind, profile.name) : `${profile.name} · ${profile.title}`;
    const isMissing = kind === 'not-found';
    // Values are text, escaped below; URLs (already escaped) are marked { url }.
    type Value = string | { url: string } | undefined;
    const meta: [attribute: 'name' | 'property', key: string, value: Value][] = [
      ['name', 'description', description],
      ['name', 'robots', isMissing ? 'noindex' : undefined],
      ['property', 'og:type', 'profile'],
      ['property', 'og:site_name', `${profile.name} · ${profile.title}`],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', isMissing ? undefined : absolute(pathname)],
      ['property', 'og:image', image],
      ['property', 'og:image:alt', image ? profile.name : undefined],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ];
    const tags = meta
      .filter(([, , value]) => value !== undefined)
      .map(([attribute, key, value]) => {
        const content = typeof value === 'string' ? escapeAttribute(value) : value!.url;
        return `<meta ${attribute}="${key}" content="${content}">`;
      })
      .join('');
    return { title, tags };
  };
}

function summarize(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  return `${text.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
