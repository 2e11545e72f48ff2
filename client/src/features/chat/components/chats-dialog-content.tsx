import { useQuery } from '@tanstack/react-query';
import { SquarePen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { pluralize } from '@/lib/pluralize';
import { formatRelativeTime } from '@/lib/relative-time';
import { ownConversationsQuery } from '../api/get-conversations';

/** The Chats dialog itself, loaded the first time it opens (Radix's dialog stays out of the first bundle). */
export function ChatsDialogContent({
  isOpen,
  onOpenChange,
  currentId,
  onChoose,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  currentId: string | null;
  /** A conversation's id, or null for a new chat. */
  onChoose(id: string | null): void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title="Your chats"
        description="Conversations started in this browser. Each stays here until you delete it."
      >
        <Button className="w-full" onClick={() => onChoose(null)}>
          <SquarePen className="size-4" aria-hidden />
          New chat
        </Button>
        {isOpen ? <ConversationList currentId={currentId} onChoose={onChoose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ConversationList({ currentId, onChoose }: { currentId: string | null; onChoose(id: string): void }) {
  const conversations = useQuery(ownConversationsQuery());
  if (conversations.isPending) return <Spinner size="sm" label="Loading your chats…" className="py-6" />;
  if (conversations.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-slate-700">
        Your chats could not be loaded.{' '}
        <button
          type="button"
          className="font-medium text-brand-700 underline"
          onClick={() => void conversations.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (conversations.data.length === 0) {
    return <p className="mt-4 text-sm text-slate-600">No earlier chats yet.</p>;
  }
  const now = new Date();
  return (
    <ul className="mt-4 flex flex-col gap-1" aria-label="Earlier chats">
      {conversations.data.map((conversation) => {
        const isCurrent = conversation.id === currentId;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onChoose(conversation.id)}
              aria-current={isCurrent ? 'true' : undefined}
              className={cn(
                'flex w-full flex-col rounded-xl px-3 py-2 text-left hover:bg-slate-100',
                isCurrent && 'bg-brand-50 ring-1 ring-brand-200 hover:bg-brand-50',
              )}
            >
              <span className="line-clamp-2 text-sm font-medium text-slate-900">{conversation.title}</span>
              <span className="text-xs text-slate-600">
                {isCurrent ? 'Current chat · ' : ''}
                {formatRelativeTime(conversation.lastMessageAt, now)} ·{' '}
                {pluralize(conversation.messageCount, 'message')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
