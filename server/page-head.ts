import type { Request } from 'express';
import type { PublicProfile } from '../shared/content';
import { getPageTitle, type PageKind } from '../shared/page-titles';

/**
 * Stands for the site's origin in a page's link-preview tags when PUBLIC_URL is not set: the
 * page is kept once rendered, so the origin of each request is filled in when it is sent. It
 * cannot come from content: every content value in the page is HTML-escaped.
 */
export const ORIGIN_TOKEN = '<origin>';

const DESCRIPTION_MAX = 200;

export interface PageHead {
  title: string;
  /** The description and link-preview (Open Graph, Twitter) tags, HTML-escaped. */
  tags: string;
}

export type DescribePage = (page: { pathname: string; kind?: PageKind }) => PageHead;

/**
 * Builds each page's title and link-preview tags from the owner's content, so a link to the site
 * previews the owner: name, headline, a summary, and the photo as the preview picture (absolute,
 * as link-preview crawlers need: PUBLIC_URL, else the origin each request came to).
 */
export function createPageHead(profile: PublicProfile, publicUrl: string | undefined): DescribePage {
  // Filled in after escaping: the token stays as it is, PUBLIC_URL is escaped here.
  const origin = publicUrl ? escapeAttribute(publicUrl.replace(/\/+$/, '')) : ORIGIN_TOKEN;
  const absolute = (urlPath: string) => origin + escapeAttribute(urlPath);
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
      ['property', 'og:url', isMissing ? undefined : { url: absolute(pathname) }],
      ['property', 'og:image', image && { url: image }],
      ['property', 'og:image:alt', image ? profile.name : undefined],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image && { url: image }],
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

/** Fills the request's origin into a page kept with ORIGIN_TOKEN; null when it has none. */
export function fillRequestOrigin(html: string, req: Request): string | null {
  if (!html.includes(ORIGIN_TOKEN)) return null;
  // A Host header is the client's to choose: only a plain host[:port] is used, and escaped.
  const host = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(req.host)
    ? req.host
    : 'localhost';
  return html.replaceAll(ORIGIN_TOKEN, escapeAttribute(`${req.protocol}://${host}`));
}

function summarize(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  return `${text.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
