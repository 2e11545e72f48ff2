// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LeadPage, LeadView } from '@shared/owner-desk';
import { LeadsPanel } from '@/features/owner/components/leads-panel';
import { installFakeApi } from '../../../../../../helpers/fake-chat-api';
import { json } from '../../../../../../helpers/json-response';
import { renderWithToaster, resetAfterEachTest } from '../../../../../../helpers/render';

// The Calls & leads tab a page at a time: each list shows its first page and a "Load more" while
// the server says more follow.

const lead = (n: number): LeadView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  fullName: `Caller ${n}`,
  phoneNumber: '+1 555 0100',
  email: `caller${n}@example.com`,
  preferredTime: null,
  purpose: null,
  scheduledDate: '2026-03-10',
  scheduledTime: '09:00',
  scheduledAt: `2026-03-${String(9 + n).padStart(2, '0')}T13:00:00.000Z`,
  conversationId: null,
  isConfirmed: true,
  createdAt: '2026-03-04T15:00:00.000Z',
  cancelledAt: null,
  completedAt: null,
  conversation: null,
});

const CALLS = '/api/owner/leads/calls?';
let api: ReturnType<typeof installFakeApi>;
/** The open calls on the fake server, soonest first, two a page; the cursor is the last one's number. */
let open: number[];

const callsAfter = (cursor: number | null): LeadPage => {
  const rest = open.filter((n) => cursor === null || n > cursor);
  const page = rest.slice(0, 2);
  return { leads: page.map(lead), nextCursor: rest.length > 2 ? String(page.at(-1)) : null };
};

beforeEach(() => {
  api = installFakeApi();
  open = [1, 2, 3, 4, 5];
  api.on(`GET ${CALLS}`, () => json(200, callsAfter(null)));
  for (const n of open) api.on(`GET ${CALLS}cursor=${n}`, () => json(200, callsAfter(n)));
  api.on('GET /api/owner/leads/requests?', () => json(200, { leads: [], nextCursor: null }));
  api.on('GET /api/bookings/config', () => json(200, { ownerTimeZone: 'America/New_York' }));
});

resetAfterEachTest();

const renderPanel = () => renderWithToaster(<LeadsPanel onOpenChat={() => undefined} />);
const shownCalls = () =>
  within(screen.getByRole('heading', { name: 'Booked calls' }).closest('section')!)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('LeadsPanel: a page at a time', () => {
  it('shows the first page, loads the next on "Load more" and stops at the last', async () => {
    renderPanel();
    await screen.findByText('Caller 2');
    expect(shownCalls()).toEqual(['Caller 1', 'Caller 2']);
    // The other list has no more: no button of its own.
    expect(screen.getByText('No open requests.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more requests' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more calls' }));
    await screen.findByText('Caller 4');
    expect(shownCalls()).toEqual(['Caller 1', 'Caller 2', 'Caller 3', 'Caller 4']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more calls' }));
    await screen.findByText('Caller 5');
    expect(shownCalls()).toEqual(['Caller 1', 'Caller 2', 'Caller 3', 'Caller 4', 'Caller 5']);
    expect(screen.queryByRole('button', { name: 'Load more calls' })).toBeNull();
    expect(api.calls(`GET ${CALLS}cursor=2`)).toHaveLength(1);
  });

  it('after marking a lead done refetches the loaded pages from the start: none shown twice or lost', async () => {
    renderPanel();
    await screen.findByText('Caller 2');
    fireEvent.click(screen.getByRole('button', { name: 'Load more calls' }));
    await screen.findByText('Caller 4');

    api.on(`POST /api/owner/contact-requests/${lead(1).id}/done`, () => {
      open = open.filter((n) => n !== 1);
      return json(200, { ...lead(1), completedAt: '2026-03-04T16:00:00.000Z' });
    });
    const first = screen.getByRole('listitem', { name: /^Caller 1,/ });
    fireEvent.click(within(first).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(shownCalls()).toEqual(['Caller 2', 'Caller 3', 'Caller 4', 'Caller 5']));
    expect(screen.queryByRole('button', { name: 'Load more calls' })).toBeNull();
  });
});
