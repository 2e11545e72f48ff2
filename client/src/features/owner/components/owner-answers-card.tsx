import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { Download } from 'lucide-react';
import type { OwnerAnswerView } from '@shared/owner-answers';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { ANSWERS_EXPORT_URL, ownerAnswersQuery, ownerZoneQuery, useRemoveOwnerAnswer } from '../api';
import { formatOwnerDateTime } from '../format';
import { AnswerEditor } from './answer-editor';
import { DeskCard, QueryState } from './desk-ui';

/** The owner's answers, each with Edit and Remove, and the export for content/knowledge/. */
export function OwnerAnswersCard({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const answers = useQuery(ownerAnswersQuery());
  const zone = useQuery(ownerZoneQuery()).data?.ownerTimeZone;
  const download = (
    <a
      href={ANSWERS_EXPORT_URL}
      download
      className="inline-flex h-8 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <Download className="size-4" aria-hidden />
      Export for content/
    </a>
  );
  return (
    <DeskCard
      title="Your answers"
      actions={answers.data?.length ? download : undefined}
      headingRef={headingRef}
    >
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        The clone knows these from its next reply. Export them as owner-answers.md into content/knowledge/ to
        keep them with your other files.
      </p>
      <QueryState
        isPending={answers.isPending}
        error={answers.error}
        isEmpty={!answers.data?.length}
        emptyText="No answers yet. Answer a question above and the clone knows it."
      >
        <ul className="divide-y divide-slate-100">
          {answers.data?.map((answer) => (
            <AnswerItem key={answer.id} answer={answer} zone={zone} headingRef={headingRef} />
          ))}
        </ul>
      </QueryState>
    </DeskCard>
  );
}

function AnswerItem({
  answer,
  zone,
  headingRef,
}: {
  answer: OwnerAnswerView;
  zone: string | undefined;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-remove'>('view');
  const editButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const remove = useRemoveOwnerAnswer();
  const backTo = (button: typeof editButton) => {
    setMode('view');
    requestAnimationFrame(() => button.current?.focus());
  };
  const confirmRemove = () =>
    remove.mutate(answer.id, {
      onSuccess: () => {
        toast({ title: 'Answer removed. The clone no longer uses it.', duration: 4000 });
        // The item and its buttons are gone: the list's heading takes the focus.
        headingRef.current?.focus();
      },
      onError: (error) =>
        toast({ title: 'That did not work', description: getErrorMessage(error), variant: 'destructive' }),
    });

  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <h3 className="break-words font-medium text-slate-900">{answer.question}</h3>
      {mode === 'edit' ? (
        <AnswerEditor
          question={answer.question}
          answerId={answer.id}
          initialAnswer={answer.answer}
          onSaved={() => backTo(editButton)}
          onCancel={() => backTo(editButton)}
        />
      ) : (
        <>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{answer.answer}</p>
          <p className="mt-1 text-xs text-slate-600">Edited {formatOwnerDateTime(answer.updatedAt, zone)}</p>
          {mode === 'confirm-remove' ? (
            <RemoveConfirmation
              key="confirm"
              isPending={remove.isPending}
              onRemove={confirmRemove}
              onKeep={() => backTo(removeButton)}
            />
          ) : (
            <AnswerActions
              key="actions"
              question={answer.question}
              editButton={editButton}
              removeButton={removeButton}
              onEdit={() => setMode('edit')}
              onRemove={() => setMode('confirm-remove')}
            />
          )}
        </>
      )}
    </li>
  );
}

/** "Remove this answer?": the safe choice, Keep, has the focus so that Enter keeps the answer. */
function RemoveConfirmation({
  isPending,
  onRemove,
  onKeep,
}: {
  isPending: boolean;
  onRemove: () => void;
  onKeep: () => void;
}) {
  return (
    <div role="group" aria-label="Remove this answer?" className="mt-2 flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-800">Remove this answer? The clone forgets it.</span>
      <Button variant="danger" size="sm" onClick={onRemove} disabled={isPending}>
        Remove
      </Button>
      <Button variant="secondary" size="sm" onClick={onKeep} disabled={isPending} autoFocus>
        Keep
      </Button>
    </div>
  );
}

/** Edit and Remove, named after the question; the refs take the focus back when a mode closes. */
function AnswerActions({
  question,
  editButton,
  removeButton,
  onEdit,
  onRemove,
}: {
  question: string;
  editButton: RefObject<HTMLButtonElement | null>;
  removeButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <AnswerAction verb="Edit" question={question} buttonRef={editButton} onClick={onEdit} />
      <AnswerAction verb="Remove" question={question} buttonRef={removeButton} onClick={onRemove} />
    </div>
  );
}

/** One of an answer's buttons: it shows the verb and tells a screen reader which answer it acts on. */
function AnswerAction({
  verb,
  question,
  buttonRef,
  onClick,
}: {
  verb: 'Edit' | 'Remove';
  question: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
}) {
  return (
    <Button
      ref={buttonRef}
      variant="secondary"
      size="sm"
      onClick={onClick}
      aria-label={`${verb} the answer to: ${question}`}
    >
      {verb}
    </Button>
  );
}
