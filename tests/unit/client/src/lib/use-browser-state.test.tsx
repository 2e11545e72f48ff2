// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrationState, useBrowserState, useIsHydrated } from '@/lib/use-browser-state';

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
