import type { AppContext, AppDeps } from './app-deps';
import { createRateLimits } from './middleware/rate-limit';
import { createBilling } from './services/billing/billing';
import { createChatModel } from './services/clone/chat-model';
import { createMailDelivery } from './services/mail/mail-delivery';

/** The app-wide services built once from the deps. Building them starts nothing. */
export function createAppContext(deps: AppDeps): AppContext {
  const mail = createMailDelivery(deps.env, deps.database.db, deps.now);
  return {
    ...deps,
    chatModel:
      deps.chatModel ??
      createChatModel(deps.env, deps.content, { db: deps.database.db, now: deps.now, mail }),
    mail,
    billing: createBilling(deps.env, deps.now),
    rateLimits: createRateLimits(deps),
  };
}
