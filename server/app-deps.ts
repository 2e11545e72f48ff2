import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { Lifecycle } from './lib/lifecycle';
import type { SessionSecret } from './services/access/session-secret';
import type { Billing } from './services/billing/billing';
import type { ChatModel } from './services/clone/chat-model';
import type { CloneKnowledgeSource } from './services/clone/owner-answers-knowledge';
import type { OwnerContent } from './services/content/load-content';
import type { MailDelivery } from './services/mail/mail-delivery';
import type { RateLimits } from './middleware/rate-limit';

/** Everything createApp needs; tests build the same object around a test database. */
export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  content: OwnerContent;
  lifecycle: Lifecycle;
  /** The clock, replaceable in tests. */
  now: () => Date;
  /** Replaces the configured clone (tests); by default chosen from env. */
  chatModel?: ChatModel;
  /** The offline clone's pause between streamed words; tests set 0 unless they check the pacing. */
  offlineWordDelayMs?: number;
}

/** What route factories receive: the deps plus the app-wide services built once from them. */
export interface AppContext extends AppDeps {
  chatModel: ChatModel;
  /** content/ plus the owner's answers from the desk: what the configured clone answers from. */
  cloneKnowledge: CloneKnowledgeSource;
  mail: MailDelivery;
  /** Stripe, the demo checkout or none (read `billing.mode`); the demo keeps its checkouts in memory. */
  billing: Billing;
  /** Every per-IP limit, counted in the database so that all instances share them. */
  rateLimits: RateLimits;
  /** Signs the voice-access cookies: SESSION_SECRET, else one kept in the database. */
  sessionSecret: SessionSecret;
}
