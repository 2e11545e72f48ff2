import { DEFAULT_OWNER_TIMEZONE } from '../../shared/booking';
import type { ChatTurn } from '../../server/services/clone/chat-model';
import { buildKnowledgeIndex, type KnowledgeIndex } from '../../server/services/clone/knowledge-index';
import {
  composeOfflineReply,
  type OfflineReply,
} from '../../server/services/clone/offline/compose-offline-reply';
import { withSiteKnowledge, type SiteKnowledgeOptions } from '../../server/services/clone/site-knowledge';
import { loadContent, type OwnerContent } from '../../server/services/content/load-content';
import { fixtureOwnerDir } from './fixture-owners';

/**
 * What the offline clone knows, built the way createChatModel builds it: a fixture owner's content
 * (alex-morgan unless `owner` names another) plus the site's generated knowledge, and their index.
 */
export async function loadOfflineClone(
  options: SiteKnowledgeOptions & { owner?: string } = {},
): Promise<{ owner: OwnerContent; content: OwnerContent; index: KnowledgeIndex }> {
  const { owner: slug, ...siteOptions } = options;
  const owner = await loadContent(fixtureOwnerDir(slug));
  const content = withSiteKnowledge(owner, { ownerTimeZone: DEFAULT_OWNER_TIMEZONE, ...siteOptions });
  return { owner, content, index: buildKnowledgeIndex(content) };
}

/** Asks each question in turn in one conversation, with the clone's replies in the history. */
export function converseWith(
  { content, index }: { content: OwnerContent; index: KnowledgeIndex },
  ...questions: string[]
): { history: ChatTurn[]; reply: OfflineReply } {
  const history: ChatTurn[] = [];
  let reply: OfflineReply = { text: '', isAnswered: false };
  for (const question of questions) {
    history.push({ role: 'user', content: question });
    reply = composeOfflineReply(history, content.profile, index);
    history.push({ role: 'assistant', content: reply.text });
  }
  return { history, reply };
}
