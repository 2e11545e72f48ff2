import type { OwnerContent } from '../content/load-content';
import { buildKnowledgeIndex, type KnowledgeIndex } from './knowledge-index';
import { withSiteKnowledge } from './site-knowledge';

/** What the clone knows: the owner's content plus the site's own document, and their index. */
export interface CloneKnowledge {
  content: OwnerContent;
  index: KnowledgeIndex;
}

// Content is loaded once at start-up and never changes, so the chat and every voice call share one
// index instead of building it per call.
const built = new WeakMap<OwnerContent, Map<string, CloneKnowledge>>();

/** The chat's and the voice clone's knowledge, built once per content and owner time zone. */
export function getCloneKnowledge(ownerContent: OwnerContent, ownerTimeZone: string): CloneKnowledge {
  const byZone = built.get(ownerContent) ?? new Map<string, CloneKnowledge>();
  built.set(ownerContent, byZone);
  let knowledge = byZone.get(ownerTimeZone);
  if (!knowledge) {
    const content = withSiteKnowledge(ownerContent, { ownerTimeZone });
    knowledge = { content, index: buildKnowledgeIndex(content) };
    byZone.set(ownerTimeZone, knowledge);
  }
  return knowledge;
}
