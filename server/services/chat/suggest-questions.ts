import type { ChatMessage } from '../../../shared/chat';
import type { Queryable } from '../../db/client';
import type { OwnerContent } from '../content/load-content';
import { meaningfulTerms, ownerNameWords } from '../clone/text-terms';
import { listConversationMessages } from './conversations';

// Questions to ask next, shown under the clone's latest reply (as Delphi does): every one is
// the owner's own words from content/ (quick questions, knowledge headings written as questions,
// the example questions of vocabulary.json), ranked by how much they share with the reply
// without asking again what was just asked.

export const SUGGESTION_COUNT = 3;

/** The owner's questions in content order, each once. */
export function listCandidateQuestions(
  content: Pick<OwnerContent, 'profile' | 'knowledge' | 'vocabulary'>,
): string[] {
  const headings = content.knowledge.flatMap((document) =>
    [...document.body.matchAll(/^##\s+(.+)$/gm)].map((match) => match[1]!.trim()),
  );
  const examples = Object.values(content.vocabulary?.examples ?? {}).map((list) => list[0]!);
  const candidates = [
    ...content.profile.quickQuestions.map((quick) => quick.question),
    ...headings.filter((heading) => heading.endsWith('?')),
    ...examples.filter((example) => example.endsWith('?')),
  ];
  const seen = new Set<string>();
  return candidates.filter((question) => {
    const key = normalise(question);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Up to SUGGESTION_COUNT questions after the conversation's latest reply: those sharing most
 * terms with it first, then the quick questions in order. Nothing already asked, and nothing the
 * last question already covers (half its terms or more).
 */
export function suggestQuestions(
  messages: Pick<ChatMessage, 'role' | 'content'>[],
  content: Pick<OwnerContent, 'profile' | 'knowledge' | 'vocabulary'>,
): string[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return [];
  const ownerWords = ownerNameWords(content.profile.name);
  const terms = (text: string) => meaningfulTerms(text, ownerWords);
  const asked = messages.filter((message) => message.role === 'user');
  const askedKeys = new Set(asked.map((message) => normalise(message.content)));
  const lastQuestion = new Set(terms(asked.at(-1)?.content ?? ''));
  const reply = new Set(terms(last.content));

  const ranked = listCandidateQuestions(content)
    .map((question, order) => {
      const own = terms(question);
      const covered = own.filter((term) => lastQuestion.has(term)).length;
      const shared = own.filter((term) => reply.has(term) && !lastQuestion.has(term)).length;
      return { question, order, own, covered, shared };
    })
    .filter(
      ({ question, own, covered }) =>
        !askedKeys.has(normalise(question)) && covered * 2 < Math.max(own.length, 1),
    );
  ranked.sort((a, b) => b.shared - a.shared || a.order - b.order);
  return ranked.slice(0, SUGGESTION_COUNT).map(({ question }) => question);
}

/** The suggestions for a conversation this browser owns (404 otherwise). */
export async function getSuggestedQuestions(
  db: Queryable,
  content: OwnerContent,
  conversationId: string,
  browserKeyHash: string | undefined,
): Promise<string[]> {
  return suggestQuestions(await listConversationMessages(db, conversationId, browserKeyHash), content);
}
