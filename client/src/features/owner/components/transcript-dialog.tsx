import { useQuery } from '@tanstack/react-query';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { ownerZoneQuery, transcriptQuery } from '../api';
import { formatOwnerDateTime } from '../format';
import { Badge, QueryState } from './desk-ui';

/** One conversation's transcript, over whichever tab opened it. */
export function TranscriptDialog({
  conversationId,
  onClose,
}: {
  conversationId: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={conversationId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {conversationId ? (
        <DialogContent title="Conversation" className="max-w-2xl">
          <Transcript id={conversationId} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Transcript({ id }: { id: string }) {
  const transcript = useQuery(transcriptQuery(id));
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  const data = transcript.data;
  return (
    <QueryState isPending={transcript.isPending} error={transcript.error} isEmpty={false} emptyText="">
      {data ? (
        <div className="space-y-4">
          <div className="text-sm text-slate-700">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">
                {data.conversation.visitorName ?? 'Anonymous visitor'}
              </span>
              {data.conversation.ledToBooking ? <Badge tone="green">Led to a booking</Badge> : null}
            </p>
            {data.conversation.visitorEmail ? (
              <p className="break-all">{data.conversation.visitorEmail}</p>
            ) : null}
            <p className="text-slate-600">Started {formatOwnerDateTime(data.conversation.createdAt, zone)}</p>
          </div>
          {data.unansweredQuestions.length ? (
            <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-medium">The clone could not answer:</p>
              <ul className="mt-1 list-disc pl-5">
                {data.unansweredQuestions.map((q) => (
                  <li key={q.id}>{q.question}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <ol className="space-y-3" aria-label="Messages">
            {data.messages.map((message) => {
              const isVisitor = message.role === 'user';
              return (
                <li key={message.id} className={cn('flex', isVisitor ? 'justify-end' : 'justify-start')}>
                  <div
                    className={cn(
                      'max-w-[85%] rounded-2xl px-4 py-2 text-sm',
                      isVisitor ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900',
                    )}
                  >
                    <p className="sr-only">{isVisitor ? 'Visitor:' : 'Clone:'}</p>
                    <p className="whitespace-pre-wrap break-words">{message.content}</p>
                    <p className={cn('mt-1 text-xs', isVisitor ? 'text-brand-100' : 'text-slate-600')}>
                      {formatOwnerDateTime(message.timestamp, zone)}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
    </QueryState>
  );
}
