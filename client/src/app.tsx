import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { PageErrorBoundary } from '@/components/ui/page-error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { HydrationState } from '@/lib/use-browser-state';
import { Toaster } from '@/components/ui/toaster';
import { ChatPage } from '@/pages/chat-page';
import { NotFoundPage } from '@/pages/not-found-page';

// The voice pages load only when visited; the voice SDK (Vapi + Daily) only when a call starts.
const VoicePage = lazy(() => import('@/pages/voice-page'));
const DemoCheckoutPage = lazy(() => import('@/pages/demo-checkout-page'));
const OwnerPage = lazy(() => import('@/pages/owner-page'));
const BookingPage = lazy(() => import('@/pages/booking-page'));

/**
 * The whole app; the browser passes its one QueryClient, the server a fresh one per render.
 * `hydrating`: this render is the server's HTML, or the browser's hydration of it.
 */
export function App({ queryClient, hydrating = false }: { queryClient: QueryClient; hydrating?: boolean }) {
  return (
    <HydrationState hydrating={hydrating}>
      <QueryClientProvider client={queryClient}>
        <Switch>
          <Route path="/">
            <PageErrorBoundary>
              <ChatPage />
            </PageErrorBoundary>
          </Route>
          <Route path="/voice">
            <LazyPage>
              <VoicePage />
            </LazyPage>
          </Route>
          <Route path="/demo-checkout/:sessionId">
            <LazyPage>
              <DemoCheckoutPage />
            </LazyPage>
          </Route>
          <Route path="/booking">
            <LazyPage>
              <BookingPage />
            </LazyPage>
          </Route>
          <Route path="/owner">
            <LazyPage>
              <OwnerPage />
            </LazyPage>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
        <Toaster />
      </QueryClientProvider>
    </HydrationState>
  );
}

const PageSpinner = () => <Spinner label="Loading" isLabelHidden className="min-h-dvh" />;

/** A page loaded on demand: a spinner while it arrives, a way to try again if it fails. */
function LazyPage({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
