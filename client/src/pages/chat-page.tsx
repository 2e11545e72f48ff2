import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { bookedCallsQuery } from '@/features/booking/api';
import { useConversation } from '@/features/chat/api/create-conversation';
import { ChatPanel, type ContactFormOpener } from '@/features/chat/components/chat-panel';
import { useProfile } from '@/features/profile/api';
import { ProfileSidebar } from '@/features/profile/components/profile-sidebar';
import { usePageTitle } from '@/lib/page-title';

// The booking form brings the booking rules, dates and time zones: fetched when the visitor
// heads for it (hover, focus or open), not with the chat.
const loadContactModal = () => import('@/features/booking/components/contact-modal');
const ContactModal = lazy(() => loadContactModal().then((module) => ({ default: module.ContactModal })));
// A chat's booked calls come back with it after a reload; their card (with the date and zone
// code) is fetched only when there is one.
const BookedCalls = lazy(() =>
  import('@/features/booking/components/booked-call-card').then((module) => ({
    default: module.BookedCalls,
  })),
);
// The drawer (a dialog) only serves small screens; its code is fetched when the visitor points at,
// presses or focuses the button that opens it, not with the first visit.
const loadProfileDrawer = () => import('@/features/profile/components/profile-drawer');
const ProfileDrawer = lazy(loadProfileDrawer);

/** The first stop of the Tab key: straight to the message box, past the sidebar and header. */
const SKIP_TO_MESSAGE_BOX = (
  <a
    href="#chat-message"
    onClick={(event) => {
      event.preventDefault();
      document.getElementById('chat-message')?.focus();
    }}
    className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-md ring-1 ring-brand-300 focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
  >
    Skip to the message box
  </a>
);

/**
 * The drawer is for small screens: a window widened past `lg` shows the sidebar instead (`close`
 * closes the drawer).
 */
function useProfileDrawer(close: (isOpen: false) => void) {
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1024px)');
    const closeWhenWide = () => wide.matches && close(false);
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [close]);
}

// `/`: the owner's profile beside the chat with their AI clone.
export function ChatPage() {
  const profile = useProfile();
  const conversation = useConversation();
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  const [isContactOpen, setIsContactOpen] = useState(false);
  const [contactOpener, setContactOpener] = useState<ContactFormOpener>('visitor');
  // Mounted from the first opening on, so the form keeps what the visitor typed between openings.
  const [hasOpenedContact, setHasOpenedContact] = useState(false);
  const [hasOpenedSidebar, setHasOpenedSidebar] = useState(false);
  const conversationId = conversation.conversationId ?? undefined;
  const hasBookedCalls = Boolean(useQuery(bookedCallsQuery(conversationId)).data?.length);

  const openContactForm = useCallback((opener: ContactFormOpener) => {
    setContactOpener(opener);
    setHasOpenedContact(true);
    setIsContactOpen(true);
  }, []);

  useProfileDrawer(setIsSidebarOpen);
  usePageTitle('chat');

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50">
      {SKIP_TO_MESSAGE_BOX}
      {/* Relative, so its screen-reader-only labels stay inside it and never make the page scroll. */}
      <aside
        aria-label="Profile"
        className="relative hidden w-80 shrink-0 overflow-y-auto border-r border-slate-200 bg-white lg:block xl:w-[22rem]"
      >
        <ProfileSidebar profile={profile.data} isError={profile.isError} />
      </aside>
      {hasOpenedSidebar ? (
        <Suspense fallback={null}>
          <ProfileDrawer
            open={isSidebarOpen}
            onOpenChange={setIsSidebarOpen}
            profile={profile.data}
            isError={profile.isError}
          />
        </Suspense>
      ) : null}
      <main className="flex min-w-0 flex-1">
        <ChatPanel
          profile={profile.data}
          conversation={conversation}
          onOpenSidebar={() => {
            setHasOpenedSidebar(true);
            setIsSidebarOpen(true);
          }}
          onSidebarIntent={() => void loadProfileDrawer()}
          onOpenContactForm={openContactForm}
          onContactFormIntent={() => void loadContactModal()}
          footer={
            hasBookedCalls ? (
              <Suspense fallback={null}>
                <BookedCalls conversationId={conversationId} ownerName={profile.data?.name ?? 'The owner'} />
              </Suspense>
            ) : null
          }
        />
      </main>
      {hasOpenedContact ? (
        <Suspense fallback={null}>
          <ContactModal
            open={isContactOpen}
            onOpenChange={setIsContactOpen}
            conversationId={conversationId}
            shouldFocusFirstField={contactOpener === 'visitor'}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
