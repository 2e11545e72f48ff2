// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, PageErrorBoundary } from '@/components/ui/page-error-boundary';

afterEach(cleanup);

// React and the boundary report a caught error on console.error: expected here.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

let shouldFail = true;
function Flaky({ error }: { error: Error }) {
  if (shouldFail) throw error;
  return <p>The page</p>;
}

describe('PageErrorBoundary', () => {
  it('shows what happened instead of a blank page, and tries the page again in place', async () => {
    shouldFail = true;
    const reload = vi.fn();
    render(
      <PageErrorBoundary reload={reload}>
        <Flaky error={new TypeError('x is undefined')} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/Something went wrong while showing this page/);

    shouldFail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.getByText('The page')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page when a lazily loaded part could not be fetched', () => {
    shouldFail = true;
    const reload = vi.fn();
    const failedChunk = new TypeError('Failed to fetch dynamically imported module: /assets/voice-page.js');
    render(
      <PageErrorBoundary reload={reload}>
        <Flaky error={failedChunk} />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/Check your connection/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('tells failed chunk loads from other errors', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
