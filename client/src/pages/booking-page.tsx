import { useSyncExternalStore } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ManageBookingCard } from '@/features/booking/components/manage-booking-card';
import { useIsHydrated } from '@/lib/use-browser-state';
import { usePageTitle } from '@/lib/page-title';

const readToken = () => window.location.hash.replace(/^#/, '');
const subscribeToHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** A moved call's new link replaces the old one in the address bar (no new history entry). */
function replaceToken(next: string) {
  window.history.replaceState(null, '', `#${next}`);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

// /booking#<token>: the visitor's page to reschedule or cancel a booked call. The token stays in
// the fragment, which browsers never send to a server, so it reaches no log.
export default function BookingPage() {
  usePageTitle('booking');
  const isHydrated = useIsHydrated();
  const token = useSyncExternalStore(subscribeToHash, readToken, () => '');

  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-8 sm:items-center">
      <div className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        {isHydrated ? (
          <ManageBookingCard token={token} onTokenChange={replaceToken} />
        ) : (
          <Spinner label="Loading your booking…" className="py-12" />
        )}
      </div>
    </main>
  );
}
