import { useQuery } from '@tanstack/react-query';
import { CornerDownRight } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { apiJson } from '@/lib/api-client';

/** GET /api/conversations/:id/suggestions after the reply `replyId` (a new reply, new questions). */
const suggestionsQuery = (conversationId: string, replyId: string) => ({
  queryKey: ['conversations', conversationId, 'suggestions', replyId],
  queryFn: () =>
    apiJson<{ questions: string[] }>(
      'GET',
      `/api/conversations/${encodeURIComponent(conversationId)}/suggestions`,
    ),
});

/**
 * "Ask next": a few of the owner's own questions under the clone's latest reply, as Delphi shows
 * them; one click sends it. Nothing shows while a reply is on its way or when there are none.
 */
export function SuggestedQuestions({
  conversationId,
  replyId,
  onAsk,
}: {
  conversationId: string;
  replyId: string;
  onAsk(question: string): void;
}) {
  const suggestions = useQuery(suggestionsQuery(conversationId, replyId));
  const questions = suggestions.data?.questions ?? [];
  const ref = useRef<HTMLElement>(null);
  const hasQuestions = questions.length > 0;

  // They arrive a moment after the reply: a visitor reading at the bottom sees them come in; one
  // who scrolled up to read is left there.
  useLayoutEffect(() => {
    const section = ref.current;
    const list = section?.closest<HTMLElement>('[aria-label="Conversation"]');
    if (!section || !list) return;
    const fromBottom = list.scrollHeight - list.scrollTop - list.clientHeight - section.offsetHeight;
    if (fromBottom < 80) list.scrollTop = list.scrollHeight;
  }, [hasQuestions, replyId]);

  if (!hasQuestions) return null;
  return (
    <section ref={ref} aria-label="Suggested questions" className="mt-4 pl-11 sm:pl-12">
      <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Ask next</h2>
      <ul className="mt-2 flex flex-col items-start gap-2">
        {questions.map((question) => (
          <li key={question} className="max-w-full">
            <button
              type="button"
              onClick={() => onAsk(question)}
              className="inline-flex max-w-full items-start gap-2 rounded-xl bg-white px-3 py-2 text-left text-sm text-slate-800 shadow-sm ring-1 ring-slate-200 transition-colors hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-300"
            >
              <CornerDownRight className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
              <span>{question}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
