// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailOutbox, MailView } from '@shared/owner-desk';
import { mailQuery, ownerZoneQuery } from '@/features/owner/api';
import { MailPanel } from '@/features/owner/components/mail-panel';

afterEach(cleanup);

const NOT_CONFIGURED = 'E-mail delivery is not configured (SMTP_URL): messages are kept here.';

const mail = (subject: string, status: MailView['status']): MailView => ({
  id: subject,
  kind: 'booking-received-visitor',
  toAddress: 'dana@example.com',
  subject,
  status,
  attempts: status === 'failed' ? 5 : 0,
  lastError: status === 'failed' ? 'Connection refused' : null,
  hasInvite: false,
  contactRequestId: null,
  createdAt: '2026-03-09T13:00:00.000Z',
  sentAt: status === 'sent' ? '2026-03-09T13:01:00.000Z' : null,
});

function renderPanel(isDeliveryConfigured: boolean) {
  // The outbox as the server sent it; nothing is fetched.
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        queryFn: () => Promise.reject(new Error('The test seeds every query.')),
      },
    },
  });
  const outbox: MailOutbox = {
    isDeliveryConfigured,
    mail: [mail('Waiting one', 'pending'), mail('Failed one', 'failed'), mail('Sent one', 'sent')],
  };
  client.setQueryData(mailQuery().queryKey, outbox);
  client.setQueryData(ownerZoneQuery().queryKey, { ownerTimeZone: 'America/New_York' } as never);
  render(
    <QueryClientProvider client={client}>
      <MailPanel />
    </QueryClientProvider>,
  );
}

const retryNames = () =>
  screen.queryAllByRole('button', { name: /^Retry/ }).map((b) => b.getAttribute('aria-label'));

describe('MailPanel', () => {
  it('without SMTP says so, and offers Retry only for failed mail: waiting mail cannot be sent', () => {
    renderPanel(false);
    expect(screen.getByText(NOT_CONFIGURED)).toBeTruthy();
    expect(retryNames()).toEqual(['Retry: Failed one']);
  });

  it('with a mail transport offers Retry for waiting and failed mail, never for sent mail', () => {
    renderPanel(true);
    expect(screen.queryByText(NOT_CONFIGURED)).toBeNull();
    expect(retryNames()).toEqual(['Retry: Waiting one', 'Retry: Failed one']);
  });
});
