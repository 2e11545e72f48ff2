import { DEFAULT_MAX_CALL_MINUTES } from '../../../shared/plans';
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

/** The chat's and the voice clone's knowledge, built once per content, owner time zone and call limit. */
export function getCloneKnowledge(
  ownerContent: OwnerContent,
  ownerTimeZone: string,
  maxCallMinutes = DEFAULT_MAX_CALL_MINUTES,
): CloneKnowledge {
  const byZone = built.get(ownerContent) ?? new Map<string, CloneKnowledge>();
  built.set(ownerContent, byZone);
  const key = `${ownerTimeZone}|${maxCallMinutes}`;
  let knowledge = byZone.get(key);
  if (!knowledge) {
    const content = withSiteKnowledge(ownerContent, { ownerTimeZone, maxCallMinutes });
    knowledge = { content, index: buildKnowledgeIndex(content) };
    byZone.set(key, knowledge);
  }
  return knowledge;
}
