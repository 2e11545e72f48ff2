import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast } from '@/components/ui/use-toast';

/**
 * Renders `ui` with a fresh QueryClient that has the app's defaults (the default query function,
 * no retries, data that never goes stale); `rerender` keeps the same client.
 */
export function renderWithClient(ui: ReactElement) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** `ui` as the app shows it: with a QueryClient and the toaster, so its toasts can be read. */
export function renderWithToaster(ui: ReactElement) {
  const withToaster = (element: ReactElement) => (
    <>
      {element}
      <Toaster />
    </>
  );
  const view = renderWithClient(withToaster(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(withToaster(next)) };
}

/**
 * After each test of the file: toasts dismissed (their store outlives a render), the DOM cleared and
 * stubbed globals restored.
 */
export function resetAfterEachTest() {
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
    vi.unstubAllGlobals();
  });
}
