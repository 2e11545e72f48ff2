import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { conversationsQuery, ownerZoneQuery } from '../api';
import { formatOwnerDateTime } from '../format';
import { Badge, DeskCard, LoadMoreButton, QueryState } from './desk-ui';

export function ConversationsPanel({ onOpenChat }: { onOpenChat: (id: string) => void }) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const list = useInfiniteQuery(conversationsQuery(q));
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  const searchId = useId();
  const rows = list.data?.pages.flatMap((page) => page.conversations) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <DeskCard title="Conversations">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          Search messages, names and e-mails
        </label>
        <input
          id={searchId}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Search messages, names, e-mails"
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden />
          Search
        </Button>
      </form>
      <div className="mt-4">
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={rows.length === 0}
          emptyText={q ? 'No conversation matches.' : 'No conversations yet.'}
        >
          <ul className="divide-y divide-slate-100">
            {rows.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  onClick={() => onOpenChat(row.id)}
                  className="block w-full rounded-lg px-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">
                      {row.visitorName ?? 'Anonymous visitor'}
                    </span>
                    {row.ledToBooking ? <Badge tone="green">Led to a booking</Badge> : null}
                    <span className="text-xs text-slate-600">
                      {row.messageCount} messages · {formatOwnerDateTime(row.lastActivityAt, zone)}
                    </span>
                  </span>
                  {row.firstQuestion ? (
                    <span className="mt-1 block truncate text-sm text-slate-600">{row.firstQuestion}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <LoadMoreButton
              label="Older conversations"
              isLoading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            />
          ) : null}
        </QueryState>
      </div>
    </DeskCard>
  );
}
