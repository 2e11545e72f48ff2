import { useCallback, useSyncExternalStore } from 'react';
import { useIsHydrated } from './use-browser-state';

const matches = (query: string) =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
const serverValue = () => false;

/**
 * Whether a media query matches; false on the server, while the page hydrates, and in jsdom.
 * The browser's value arrives with the switch to hydrated (HydrationState), in the same transition:
 * read at once, it would force a synchronous re-render right after hydration.
 */
export function useMediaQuery(query: string): boolean {
  const isHydrated = useIsHydrated();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const browserValue = useCallback(() => matches(query), [query]);
  return useSyncExternalStore(subscribe, isHydrated ? browserValue : serverValue, serverValue);
}
