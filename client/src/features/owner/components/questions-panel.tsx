import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import type { UnansweredQuestionGroup } from '@shared/owner-desk';
import { Button } from '@/components/ui/button';
import { ownerZoneQuery, questionGroupsQuery } from '../api';
import { formatOwnerDateTime } from '../format';
import { AnswerEditor } from './answer-editor';
import { Badge, DeskCard, QueryState } from './desk-ui';
import { OwnerAnswersCard } from './owner-answers-card';

export function QuestionsPanel({ onOpenChat }: { onOpenChat: (id: string) => void }) {
  const groups = useQuery(questionGroupsQuery());
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  const answersHeading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="space-y-4">
      <DeskCard title="Questions the clone could not answer">
        <p className="-mt-2 mb-4 text-sm text-slate-600">
          Answer one and the clone knows it from its next reply; the question then leaves this list.
        </p>
        <QueryState
          isPending={groups.isPending}
          error={groups.error}
          isEmpty={!groups.data?.length}
          emptyText="Nothing unanswered. The clone had an answer for everything."
        >
          <ul className="divide-y divide-slate-100">
            {groups.data?.map((group) => (
              <QuestionItem
                key={group.question}
                group={group}
                zone={zone}
                onOpenChat={onOpenChat}
                answersHeading={answersHeading}
              />
            ))}
          </ul>
        </QueryState>
      </DeskCard>
      <OwnerAnswersCard headingRef={answersHeading} />
    </div>
  );
}

function QuestionItem({
  group,
  zone,
  onOpenChat,
  answersHeading,
}: {
  group: UnansweredQuestionGroup;
  zone: string | undefined;
  onOpenChat: (id: string) => void;
  answersHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const [isAnswering, setIsAnswering] = useState(false);
  const answerButton = useRef<HTMLButtonElement>(null);
  return (
    <li className="py-3 first:pt-0">
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-words font-medium text-slate-900">{group.question}</span>
        <Badge tone="amber">{group.count === 1 ? 'asked once' : `asked ${group.count} times`}</Badge>
      </p>
      <p className="mt-1 text-xs text-slate-600">Last asked {formatOwnerDateTime(group.lastAskedAt, zone)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button
          ref={answerButton}
          variant="secondary"
          size="sm"
          aria-expanded={isAnswering}
          aria-label={`Answer: ${group.question}`}
          onClick={() => setIsAnswering(true)}
        >
          Answer
        </Button>
        <ul className="flex flex-wrap gap-2" aria-label="Chats">
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
      </div>
      {isAnswering && (
        <AnswerEditor
          question={group.question}
          // The question leaves this list: its answer is now under "Your answers".
          onSaved={() => {
            setIsAnswering(false);
            answersHeading.current?.focus();
          }}
          onCancel={() => {
            setIsAnswering(false);
            requestAnimationFrame(() => answerButton.current?.focus());
          }}
        />
      )}
    </li>
  );
}
