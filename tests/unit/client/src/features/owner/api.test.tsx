// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { leadsQuery, mailQuery, ownerSessionQuery, useDeskFreshness } from '@/features/owner/api';

afterEach(cleanup);

// The desk's queries, answered by a fake server whose session can expire mid-use.
function renderDesk() {
  let isSignedIn = true;
  let sessionFetches = 0;
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
        queryFn: ({ queryKey }) => {
          if (queryKey[1] === 'session') sessionFetches += 1;
          if (!isSignedIn) return Promise.reject(new ApiError(401, '{"message":"Sign in"}', '401: Sign in'));
          return Promise.resolve(
            queryKey[1] === 'session' ? { username: 'alex' } : { isDeliveryConfigured: false, mail: [] },
          );
        },
      },
    },
  });
  function Desk() {
    useDeskFreshness();
    const session = useQuery(ownerSessionQuery());
    const mail = useQuery(mailQuery());
    if (session.error) return <p>sign-in form</p>;
    return <p>{mail.error ? 'mail failed' : `signed in as ${session.data?.username ?? '…'}`}</p>;
  }
  render(
    <QueryClientProvider client={client}>
      <Desk />
    </QueryClientProvider>,
  );
  return {
    client,
    expire: () => (isSignedIn = false),
    sessionFetches: () => sessionFetches,
  };
}

describe('useDeskFreshness', () => {
  it('brings back the sign-in form when a desk query meets an expired session', async () => {
    const desk = renderDesk();
    await screen.findByText('signed in as alex');
    desk.expire();
    await desk.client.refetchQueries({ queryKey: mailQuery().queryKey });
    await screen.findByText('sign-in form');
    expect(desk.sessionFetches()).toBe(2);
  });

  it('lets the desk lists go stale and refetch on focus, and no other query', async () => {
    const desk = renderDesk();
    await screen.findByText('signed in as alex');
    await waitFor(() => expect(desk.client.getQueryDefaults(mailQuery().queryKey)).toBeDefined());
    expect(desk.client.getQueryDefaults(mailQuery().queryKey)).toMatchObject({
      staleTime: 30_000,
      refetchOnWindowFocus: true,
    });
    // The paged lists too.
    expect(desk.client.getQueryDefaults(leadsQuery('calls').queryKey)).toMatchObject({ staleTime: 30_000 });
    expect(desk.client.getQueryDefaults(['bookings', 'slots'])).toEqual({});
  });
});
