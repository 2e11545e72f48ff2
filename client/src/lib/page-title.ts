import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import type { PublicProfile } from '@shared/content';
import { getPageTitle, type PageKind } from '@shared/page-titles';

/** Given while the server renders a page: the page says which it is, for its title and tags. */
export const PageKindContext = createContext<((kind: PageKind) => void) | null>(null);

/**
 * Names the page: the server's HTML carries its title (and link-preview tags) from the start;
 * in the browser the title follows client-side navigation. The owner's name comes from the
 * public profile.
 */
export function usePageTitle(kind: PageKind): void {
  useContext(PageKindContext)?.(kind);
  const profile = useQuery<PublicProfile>({ queryKey: ['profile'] });
  const title = getPageTitle(kind, profile.data?.name);
  // Until the profile is in, the server's title (with the name) stays.
  const isSettled = !profile.isPending;
  useEffect(() => {
    if (isSettled) document.title = title;
  }, [title, isSettled]);
}
