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
  const mail = useQuery(mailQuery());
  return (
    <DeskCard title="Mail outbox">
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        Mail waits here until it is sent. Without SMTP_URL it stays waiting; mail to you waits for
        OWNER_EMAIL.
      </p>
      <QueryState
        isPending={mail.isPending}
        error={mail.error}
        isEmpty={!mail.data?.length}
        emptyText="No mail yet."
      >
        <ul className="divide-y divide-slate-100">
          {mail.data?.map((entry) => (
            <MailItem key={entry.id} entry={entry} />
          ))}
        </ul>
      </QueryState>
    </DeskCard>
  );
}

function MailItem({ entry }: { entry: MailView }) {
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
      {entry.status !== 'sent' ? (
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
