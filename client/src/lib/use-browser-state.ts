import { useCallback, useState, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** False on the server and while the browser hydrates the server's HTML; true from then on. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * State whose starting value lives in the browser (local storage): the server's HTML and the
 * hydrating render both use `onServer`, so they match, and the browser's value follows at once.
 * After the first `set`, the state is what was set.
 */
export function useBrowserState<T>(readInBrowser: () => T, onServer: T): [T, (next: T) => void] {
  const isHydrated = useIsHydrated();
  const [state, setState] = useState<{ value: T } | null>(null);
  const set = useCallback((value: T) => setState({ value }), []);
  if (state) return [state.value, set];
  return [isHydrated ? readInBrowser() : onServer, set];
}
