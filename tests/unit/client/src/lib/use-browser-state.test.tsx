// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationState, useBrowserState, useIsHydrated } from '@/lib/use-browser-state';
import { useMediaQuery } from '@/lib/use-media-query';

let root: Root | undefined;
let seen: string[];

function Probe() {
  const isHydrated = useIsHydrated();
  const [kept] = useBrowserState(() => localStorage.getItem('kept') ?? 'none', 'server');
  seen.push(`${isHydrated} ${kept} ${document.documentElement.dataset.hydrated ?? '-'}`);
  return <p>{`${isHydrated ? 'hydrated' : 'not yet'} ${kept}`}</p>;
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  localStorage.clear();
  delete document.documentElement.dataset.hydrated;
  vi.unstubAllGlobals();
});

describe('HydrationState', () => {
  it("hydrates the server's HTML as it was, then switches to the browser's values and marks the page", async () => {
    seen = [];
    localStorage.setItem('kept', 'abc');
    const tree = (
      <HydrationState hydrating>
        <Probe />
      </HydrationState>
    );
    const html = renderToString(tree);
    expect(html).toContain('not yet server');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    seen = [];
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('hydrated abc');
    // The hydrating render matches the server's; the page is marked only once the switch is done.
    expect(seen[0]).toBe('false server -');
    expect(seen.at(-1)).toBe('true abc -');
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });

  it("gives a media query's value with the switch, not during hydration", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const values: string[] = [];
    function Wide() {
      const isWide = useMediaQuery('(min-width: 1024px)');
      values.push(`${useIsHydrated()} ${isWide}`);
      return <p>{isWide ? 'wide' : 'narrow'}</p>;
    }
    const tree = (
      <HydrationState hydrating>
        <Wide />
      </HydrationState>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    expect(container.textContent).toBe('narrow');
    document.body.append(container);
    values.length = 0;
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('wide');
    // Never wide before hydrated: both arrive in the one render that follows hydration.
    expect(values.filter((line) => line === 'false true')).toEqual([]);
    expect(values[0]).toBe('false false');
    expect(values.at(-1)).toBe('true true');
  });

  it('starts hydrated where nothing hydrates', () => {
    seen = [];
    localStorage.setItem('kept', 'abc');
    render(
      <HydrationState>
        <Probe />
      </HydrationState>,
    );
    expect(screen.getByText('hydrated abc')).toBeTruthy();
    expect(seen.every((line) => line.startsWith('true abc'))).toBe(true);
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });

  it('reads hydrated outside any HydrationState (a component rendered on its own)', () => {
    seen = [];
    render(<Probe />);
    expect(screen.getByText('hydrated none')).toBeTruthy();
  });
});
