import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Download, MessageSquare } from 'lucide-react';
import type { LeadList, LeadView } from '@shared/owner-desk';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { CSV_URL, leadsQuery, ownerZoneQuery, useLeadAction } from '../api';
import { formatOwnerDateTime } from '../format';
import { CancelLeadDialog } from './cancel-lead-dialog';
import { Badge, DeskCard, LoadMoreButton, QueryState } from './desk-ui';

export function LeadsPanel({ onOpenChat }: { onOpenChat: (id: string) => void }) {
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  const [cancelling, setCancelling] = useState<LeadView | null>(null);
  const callsHeading = useRef<HTMLHeadingElement>(null);
  const requestsHeading = useRef<HTMLHeadingElement>(null);
  // The cancelled lead and its Cancel button are gone: focus its list's heading instead.
  const focusListOf = (lead: LeadView) => (event: Event) => {
    event.preventDefault();
    (lead.scheduledAt ? callsHeading : requestsHeading).current?.focus();
  };
  const download = (
    <a
      href={CSV_URL}
      download
      className="inline-flex h-8 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <Download className="size-4" aria-hidden />
      Download CSV
    </a>
  );
  const props = { zone, onOpenChat, onCancel: setCancelling };
  return (
    <div className="space-y-4">
      <LeadsCard list="calls" title="Booked calls" actions={download} headingRef={callsHeading} {...props} />
      <LeadsCard list="requests" title="Requests without a slot" headingRef={requestsHeading} {...props} />
      <CancelLeadDialog
        lead={cancelling}
        zone={zone}
        onClose={() => setCancelling(null)}
        onCancelled={cancelling ? focusListOf(cancelling) : () => undefined}
      />
    </div>
  );
}

const LISTS = {
  calls: { emptyText: 'No open calls.', more: 'Load more calls' },
  requests: { emptyText: 'No open requests.', more: 'Load more requests' },
} satisfies Record<LeadList, unknown>;

/** One list of leads, a page at a time: the first page, then "Load more" while there is more. */
function LeadsCard({
  list,
  title,
  actions,
  headingRef,
  ...props
}: LeadProps & {
  list: LeadList;
  title: string;
  actions?: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const leads = useInfiniteQuery(leadsQuery(list));
  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  return (
    <DeskCard title={title} actions={actions} headingRef={headingRef}>
      <QueryState
        isPending={leads.isPending}
        error={leads.error}
        isEmpty={rows.length === 0}
        emptyText={LISTS[list].emptyText}
      >
        <LeadList leads={rows} {...props} />
        {leads.hasNextPage ? (
          <LoadMoreButton
            label={LISTS[list].more}
            isLoading={leads.isFetchingNextPage}
            onClick={() => void leads.fetchNextPage()}
          />
        ) : null}
      </QueryState>
    </DeskCard>
  );
}

interface LeadProps {
  zone?: string;
  onOpenChat: (id: string) => void;
  /** Opens the confirmation: cancelling e-mails the visitor, so it is never one click. */
  onCancel: (lead: LeadView) => void;
}

function LeadList({ leads, ...props }: LeadProps & { leads: LeadView[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {leads.map((lead) => (
        <LeadItem key={lead.id} lead={lead} {...props} />
      ))}
    </ul>
  );
}

function LeadItem({ lead, zone, onOpenChat, onCancel }: LeadProps & { lead: LeadView }) {
  const action = useLeadAction();
  const run = (kind: 'confirm' | 'done', done: string) =>
    action.mutate(
      { id: lead.id, action: kind },
      {
        onSuccess: () => toast({ title: done, duration: 4000 }),
        onError: (error) =>
          toast({ title: 'That did not work', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  const when = lead.scheduledAt
    ? formatOwnerDateTime(lead.scheduledAt, zone)
    : (lead.preferredTime ?? 'Any time');
  return (
    <li className="py-4 first:pt-0 last:pb-0" aria-label={`${lead.fullName}, ${when}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{lead.fullName}</h3>
        {lead.isConfirmed ? <Badge tone="green">Confirmed</Badge> : <Badge tone="amber">Not confirmed</Badge>}
      </div>
      <p className="mt-1 text-sm font-medium text-brand-800">{when}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">E-mail</dt>
        <dd className="break-all">
          {lead.email.includes('@') ? (
            <a className="underline decoration-slate-300 hover:text-brand-700" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
          ) : (
            lead.email
          )}
        </dd>
        <dt className="text-slate-500">Phone</dt>
        <dd>
          <a className="underline decoration-slate-300 hover:text-brand-700" href={`tel:${lead.phoneNumber}`}>
            {lead.phoneNumber}
          </a>
        </dd>
        <dt className="text-slate-500">Purpose</dt>
        <dd className="whitespace-pre-wrap">{lead.purpose || 'Not given'}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {lead.conversation ? (
          <Button variant="secondary" size="sm" onClick={() => onOpenChat(lead.conversation!.id)}>
            <MessageSquare className="size-4" aria-hidden />
            Open the chat ({lead.conversation.messageCount})
          </Button>
        ) : null}
        {!lead.isConfirmed ? (
          <Button
            size="sm"
            disabled={action.isPending}
            onClick={() => run('confirm', 'Confirmed: the visitor gets an e-mail')}
          >
            Confirm
          </Button>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={action.isPending}
          onClick={() => run('done', 'Marked done')}
        >
          Mark done
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="text-red-700"
          disabled={action.isPending}
          aria-haspopup="dialog"
          onClick={() => onCancel(lead)}
        >
          Cancel…
        </Button>
      </div>
    </li>
  );
}
