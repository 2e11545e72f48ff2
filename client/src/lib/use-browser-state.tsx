import { createContext, startTransition, use, useCallback, useEffect, useState, type ReactNode } from 'react';

/** True where nothing hydrates (a page rendered in the browser alone, a component test). */
const IsHydratedContext = createContext(true);

/**
 * Around the server's render and the browser's hydration of it: `useIsHydrated` reads false until
 * the hydrated page has committed, then true, and `html[data-hydrated]` tells styles and browser
 * tests. The switch re-renders what depends on the browser (kept ids, enabled inputs) as a
 * transition, which React spreads over short tasks: as one synchronous render after hydration it
 * held a slow phone's main thread for a long task. Rendered without `hydrating`, it starts hydrated.
 */
export function HydrationState({
  hydrating = false,
  children,
}: {
  hydrating?: boolean;
  children: ReactNode;
}) {
  const [isHydrated, setIsHydrated] = useState(!hydrating);
  useEffect(() => {
    if (isHydrated) document.documentElement.dataset.hydrated = 'true';
    else startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  return <IsHydratedContext value={isHydrated}>{children}</IsHydratedContext>;
}

/** False on the server and while the browser hydrates the server's HTML; true from then on. */
export function useIsHydrated(): boolean {
  return use(IsHydratedContext);
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
