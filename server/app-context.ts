import type { AppContext, AppDeps } from './app-deps';
import { createRateLimits } from './middleware/rate-limit';
import { createSessionSecret } from './services/access/session-secret';
import { createBilling } from './services/billing/create-billing';
import { createChatModel } from './services/clone/create-chat-model';
import { createCloneKnowledgeSource } from './services/clone/owner-answers-knowledge';
import { createRefreshingChatModel } from './services/clone/refreshing-chat-model';
import { createMailDelivery } from './services/mail/mail-delivery';

/** The app-wide services built once from the deps. Building them starts nothing. */
export function createAppContext(deps: AppDeps): AppContext {
  const mail = createMailDelivery(deps.env, deps.database.db, deps.now);
  const cloneKnowledge = createCloneKnowledgeSource(() => deps.database.db, deps.content);
  return {
    ...deps,
    chatModel:
      deps.chatModel ??
      // Rebuilt when the owner's answers change, on this instance or another.
      createRefreshingChatModel(deps.content, cloneKnowledge, (content) =>
        createChatModel(
          deps.env,
          content,
          // The model's tokens are stored as its reply ends: first in line, like the reply.
          { db: deps.database.dbFirstInLine, now: deps.now, mail },
          { offlineWordDelayMs: deps.offlineWordDelayMs },
        ),
      ),
    cloneKnowledge,
    mail,
    billing: createBilling(deps.env, deps.now),
    rateLimits: createRateLimits(deps),
    sessionSecret: createSessionSecret(deps),
  };
}
