import { useQuery } from '@tanstack/react-query';
import { ownerZoneQuery, questionGroupsQuery } from '../api';
import { formatOwnerDateTime } from '../format';
import { Badge, DeskCard, QueryState } from './desk-ui';

export function QuestionsPanel({ onOpenChat }: { onOpenChat: (id: string) => void }) {
  const groups = useQuery(questionGroupsQuery());
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  return (
    <DeskCard title="Questions the clone could not answer">
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        Your to-do list for the knowledge files in content/.
      </p>
      <QueryState
        isPending={groups.isPending}
        error={groups.error}
        isEmpty={!groups.data?.length}
        emptyText="Nothing unanswered. The clone had an answer for everything."
      >
        <ul className="divide-y divide-slate-100">
          {groups.data?.map((group) => (
            <li key={group.question} className="py-3 first:pt-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{group.question}</span>
                <Badge tone="amber">{group.count === 1 ? 'asked once' : `asked ${group.count} times`}</Badge>
              </p>
              <p className="mt-1 text-xs text-slate-600">
                Last asked {formatOwnerDateTime(group.lastAskedAt, zone)}
              </p>
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chats">
                {group.conversationIds.map((id, index) => (
                  <li key={id}>
                    <button
                      type="button"
                      onClick={() => onOpenChat(id)}
                      className="rounded-md px-1 text-sm font-medium text-brand-700 underline hover:text-brand-900"
                    >
                      Chat {index + 1}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </QueryState>
    </DeskCard>
  );
}
