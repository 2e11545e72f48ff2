// Each page's document title, the same in the server's HTML (and its link previews) and in the
// browser after a client-side navigation.
export type PageKind = 'chat' | 'voice' | 'not-found' | 'owner' | 'checkout' | 'booking';

const LABELS: Record<Exclude<PageKind, 'chat'>, string> = {
  voice: 'Talk by voice',
  'not-found': 'Page not found',
  owner: 'Owner desk',
  checkout: 'Checkout',
  booking: 'Your booked call',
};

/** "Chat with Alex Morgan's AI Clone", "Talk by voice · Alex Morgan", ... */
export function getPageTitle(kind: PageKind, ownerName: string | undefined): string {
  if (kind === 'chat') return ownerName ? `Chat with ${ownerName}'s AI Clone` : 'Chat with my AI Clone';
  return ownerName ? `${LABELS[kind]} · ${ownerName}` : LABELS[kind];
}
