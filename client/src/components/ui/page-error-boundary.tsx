import { AlertCircle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';

/** A lazily loaded page whose file could not be fetched (a new deploy, a dropped connection). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

interface Props {
  children: ReactNode;
  /** Reloads the page; replaceable in tests. */
  reload?: () => void;
}

/**
 * Keeps a page's failure from blanking the site: a render error or a chunk that failed to load
 * shows what happened and a way to try again. A failed chunk needs a reload (React keeps the
 * failed import); a render error is tried again in place.
 */
interface State {
  hasError: boolean;
  error: unknown;
}

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The browser's console is where a visitor's or the owner's bug report starts.
    console.error('Page failed to render', error, info.componentStack);
  }

  private retry = () => {
    if (isChunkLoadError(this.state.error)) (this.props.reload ?? (() => window.location.reload()))();
    else this.setState({ hasError: false, error: undefined });
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    const isOffline = isChunkLoadError(this.state.error);
    return (
      <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
        <div
          role="alert"
          className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex items-center gap-3">
            <AlertCircle className="size-8 text-red-500" aria-hidden />
            <h1 className="text-xl font-bold text-slate-900">This page could not be shown</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            {isOffline
              ? 'Part of the page could not be loaded. Check your connection, then try again.'
              : 'Something went wrong while showing this page. Please try again.'}
          </p>
          <Button className="mt-6" onClick={this.retry}>
            Try again
          </Button>
        </div>
      </main>
    );
  }
}
