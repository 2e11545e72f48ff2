import { useQuery } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import type { MailView } from '@shared/owner-desk';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { mailQuery, ownerZoneQuery, useRetryMail } from '../api';
import { MAIL_KIND_LABELS, formatOwnerDateTime } from '../format';
import { Badge, DeskCard, QueryState } from './desk-ui';

const STATUS = {
  sent: { label: 'Sent', tone: 'green' },
  pending: { label: 'Waiting', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
} as const;

export function MailPanel() {
  const outbox = useQuery(mailQuery());
  const isDeliveryConfigured = outbox.data?.isDeliveryConfigured ?? true;
  return (
    <DeskCard title="Mail outbox">
      {isDeliveryConfigured ? (
        <p className="-mt-2 mb-4 text-sm text-slate-600">
          Mail waits here until it is sent; mail to you waits for OWNER_EMAIL.
        </p>
      ) : (
        <p className="-mt-2 mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
          E-mail delivery is not configured (SMTP_URL): messages are kept here.
        </p>
      )}
      <QueryState
        isPending={outbox.isPending}
        error={outbox.error}
        isEmpty={!outbox.data?.mail.length}
        emptyText="No mail yet."
      >
        <ul className="divide-y divide-slate-100">
          {outbox.data?.mail.map((entry) => (
            <MailItem key={entry.id} entry={entry} isDeliveryConfigured={isDeliveryConfigured} />
          ))}
        </ul>
      </QueryState>
    </DeskCard>
  );
}

/** Retry helps failed mail, and waiting mail only when there is a transport to send it. */
const canRetry = (entry: MailView, isDeliveryConfigured: boolean) =>
  entry.status === 'failed' || (entry.status === 'pending' && isDeliveryConfigured);

function MailItem({ entry, isDeliveryConfigured }: { entry: MailView; isDeliveryConfigured: boolean }) {
  const retry = useRetryMail();
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  const status = STATUS[entry.status as keyof typeof STATUS] ?? {
    label: entry.status,
    tone: 'slate' as const,
  };
  return (
    <li className="py-3 first:pt-0">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="text-sm font-medium text-slate-900">
          {MAIL_KIND_LABELS[entry.kind] ?? entry.kind}
        </span>
        {entry.hasInvite ? (
          <span className="inline-flex items-center gap-1 text-xs text-slate-600">
            <Paperclip className="size-3" aria-hidden />
            invite.ics
          </span>
        ) : null}
      </p>
      <p className="mt-1 break-words text-sm text-slate-700">{entry.subject}</p>
      <p className="break-words text-xs text-slate-600">
        To {entry.toAddress === 'owner' ? 'you (OWNER_EMAIL)' : entry.toAddress} ·{' '}
        {formatOwnerDateTime(entry.createdAt, zone)}
        {entry.attempts ? ` · ${entry.attempts} attempts` : ''}
      </p>
      {entry.lastError ? <p className="mt-1 text-xs text-red-700">Last error: {entry.lastError}</p> : null}
      {canRetry(entry, isDeliveryConfigured) ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={retry.isPending}
          aria-label={`Retry: ${entry.subject}`}
          onClick={() =>
            retry.mutate(entry.id, {
              onSuccess: () => toast({ title: 'Queued for another try', duration: 4000 }),
              onError: (error) =>
                toast({ title: 'Retry failed', description: getErrorMessage(error), variant: 'destructive' }),
            })
          }
        >
          Retry
        </Button>
      ) : null}
    </li>
  );
}
