import type { OwnerContent } from '../content/load-content';
import { buildKnowledgeIndex, type KnowledgeIndex } from './knowledge-index';
import { withSiteKnowledge, type SiteKnowledgeOptions } from './site-knowledge';

/** What the clone knows: the owner's content plus the site's own document, and their index. */
export interface CloneKnowledge {
  content: OwnerContent;
  index: KnowledgeIndex;
}

// Content is loaded once at start-up and never changes, so the chat and every voice call share one
// index instead of building it per call.
const built = new WeakMap<OwnerContent, Map<string, CloneKnowledge>>();

/** The chat's and the voice clone's knowledge, built once per content and site settings (zone, call cap, notice). */
export function getCloneKnowledge(
  ownerContent: OwnerContent,
  { ownerTimeZone, maxCallMinutes, minNoticeHours }: Omit<SiteKnowledgeOptions, 'today'>,
): CloneKnowledge {
  const bySettings = built.get(ownerContent) ?? new Map<string, CloneKnowledge>();
  built.set(ownerContent, bySettings);
  const key = `${ownerTimeZone}|${maxCallMinutes}|${minNoticeHours}`;
  let knowledge = bySettings.get(key);
  if (!knowledge) {
    const content = withSiteKnowledge(ownerContent, { ownerTimeZone, maxCallMinutes, minNoticeHours });
    knowledge = { content, index: buildKnowledgeIndex(content) };
    bySettings.set(key, knowledge);
  }
  return knowledge;
}
