import { z } from 'zod';
import type { ContactRequestView } from './booking-contact-request';

// The owner's desk API (/api/owner/*): what the /owner page reads. Dates are ISO strings.

/** The owner's lists show this many rows a page; "Load more" (or `cursor`) brings the next. */
export const DESK_PAGE_SIZE = 30;

/** A page cursor: the previous page's `nextCursor`, opaque to clients. */
const cursorSchema = z.string().max(500).optional();

/** A contact request as the owner sees it, with the chat that led to it. */
export interface LeadView extends ContactRequestView {
  completedAt: string | null;
  conversation: ConversationSummary | null;
}

/** GET /api/owner/leads: the first page of open booked calls (soonest first, overdue ones included
 * until marked done) and of open free-text requests (newest first). */
export interface LeadsView {
  calls: LeadView[];
  requests: LeadView[];
  /** Pass as `cursor` to GET /api/owner/leads/calls for the calls after these; null when none. */
  nextCallsCursor: string | null;
  /** Pass as `cursor` to GET /api/owner/leads/requests for the requests after these; null when none. */
  nextRequestsCursor: string | null;
}

/** The two lists of leads, each paged on its own. */
export type LeadList = 'calls' | 'requests';

/** GET /api/owner/leads/calls?cursor= and /api/owner/leads/requests?cursor= */
export const leadPageQuerySchema = z.object({ cursor: cursorSchema });

export interface LeadPage {
  leads: LeadView[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** The most GET /api/owner/contact-requests returns a page (`limit`); its default is DESK_PAGE_SIZE. */
export const MAX_CONTACT_REQUESTS_PAGE = 200;
const LIMIT_MESSAGE = `limit is a whole number from 1 to ${MAX_CONTACT_REQUESTS_PAGE}.`;

/** GET /api/owner/contact-requests?cursor=&limit= (for scripts: a JSON array, the next page's URL in
 * a `Link: <...>; rel="next"` header). */
export const contactRequestPageQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(MAX_CONTACT_REQUESTS_PAGE, { error: LIMIT_MESSAGE })
    .optional(),
});

export interface ConversationSummary {
  id: string;
  visitorName: string | null;
  visitorEmail: string | null;
  createdAt: string;
  /** The newest message's time, or createdAt for a conversation without messages. */
  lastActivityAt: string;
  messageCount: number;
  /** Whether a contact request (booked call or free-text) came out of this chat. */
  ledToBooking: boolean;
  /** The visitor's first message, shortened, so the owner recognises the chat. */
  firstQuestion: string | null;
}

/** GET /api/owner/conversations?q=&cursor= */
export const conversationSearchSchema = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: cursorSchema,
});

export interface ConversationPage {
  conversations: ConversationSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** GET /api/owner/conversations/:id */
export interface ConversationTranscript {
  conversation: ConversationSummary & { visitorPhone: string | null; purpose: string | null };
  messages: { id: string; role: string; content: string; timestamp: string }[];
  contactRequests: ContactRequestView[];
  unansweredQuestions: { id: string; question: string; createdAt: string }[];
}

/** GET /api/owner/unanswered-question-groups: the same question asked in several chats, once. */
export interface UnansweredQuestionGroup {
  /** The newest wording of the question. */
  question: string;
  count: number;
  lastAskedAt: string;
  /** The chats it was asked in, newest first, each once. */
  conversationIds: string[];
}

/** GET /api/owner/subscribers */
export interface SubscriberView {
  id: string;
  email: string;
  name: string | null;
  plan: string | null;
  status: string;
  minutesUsed: number;
  minutesLimit: number;
  currentPeriodEnd: string | null;
  createdAt: string;
  recentSessions: {
    id: string;
    status: string;
    createdAt: string;
    endedAt: string | null;
    /** Billed minutes once billed, else the client-reported duration in seconds / 60. */
    minutes: number | null;
  }[];
}

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** GET /api/owner/mail?status= */
export const mailListSchema = z.object({ status: z.enum(MAIL_STATUSES).optional() });

export const mailViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  hasInvite: z.boolean(),
  contactRequestId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailView = z.infer<typeof mailViewSchema>;

/** GET /api/owner/mail: the outbox, and whether a mail transport (SMTP_URL) is configured:
 * without one, waiting mail stays waiting and a retry cannot help. */
export const mailOutboxSchema = z.object({
  isDeliveryConfigured: z.boolean(),
  mail: z.array(mailViewSchema),
});
export type MailOutbox = z.infer<typeof mailOutboxSchema>;
