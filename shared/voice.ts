import { z } from 'zod';
import { PLAN_IDS } from './plans';
import { text } from './text';
import { uuidSchema } from './ids';

// The voice API contract, used by server routes and the client.
// Every error answer is {message, code?}; codes the page reacts to are listed per endpoint.

export const emailSchema = text({ error: 'Please enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid e-mail address.').max(254));

/**
 * POST /api/subscription-user {email} -> 200 SubscriptionLookup, always. A browser that has not
 * verified this e-mail gets {isVerified: false, user: null} whether the address subscribes or
 * not; a verified one gets its user, or null when the address has none yet.
 */
export const lookupSubscriptionSchema = z.object({ email: emailSchema });
export type SubscriptionLookup =
  { isVerified: false; user: null } | { isVerified: true; user: SubscriptionUserView | null };

export interface SubscriptionUserView {
  id: string;
  subscriptionStatus: string; // "active" means subscribed
  voiceMinutesUsed: number;
  voiceMinutesLimit: number; // UNLIMITED_MINUTES (-1) for Enterprise
  subscriptionPlan: string | null;
  /** When the plan renews (or, once cancelled at Stripe, ends): ISO time, null when not known. */
  currentPeriodEnd: string | null;
  /** Whether this browser has proven it controls the e-mail (signed HttpOnly cookie). */
  isVerified: boolean;
}

/**
 * POST /api/create-subscription -> 200 {checkoutUrl}. 400 bad e-mail/plan; 401 when this browser
 * has not verified the e-mail and the address has a subscription behind it (a new address needs no
 * code); 409 already live (verified browsers only) or the address was claimed by another browser
 * where codes are shown on the page; 503 billing off.
 */
export const createSubscriptionSchema = z.object({
  email: emailSchema,
  plan: z.enum(PLAN_IDS, { error: 'Please choose one of the plans.' }),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

/**
 * POST /api/demo-plan: a demo subscriber's plan change (Stripe subscribers use the billing portal).
 * POST /api/demo-cancel (no body): a demo subscriber cancels; both answer SubscriptionUserView.
 */
export const changeDemoPlanSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Please choose one of the plans.' }),
});

/**
 * Checkout returns to /voice?checkout_session=<id> (success) or /voice?checkout=cancelled.
 * POST /api/checkout-sessions/confirm {sessionId} -> 200 {email, user: SubscriptionUserView};
 * the server confirms the session (Stripe or demo), applies it and sets the verified cookie.
 */
export const confirmCheckoutSchema = z.object({ sessionId: text().min(1).max(255) });

/**
 * Demo checkout (no Stripe key, DEMO_MODE on): checkoutUrl is /demo-checkout/<sessionId>.
 * GET /api/demo-checkout/:sessionId -> {sessionId, email, plan}; POST .../confirm -> {redirectUrl}.
 */
export interface DemoCheckoutView {
  sessionId: string;
  email: string;
  plan: (typeof PLAN_IDS)[number];
  /** Confirmed already: the link has been used. */
  isComplete: boolean;
}

/**
 * POST /api/verification-codes {email} -> 202 {sent: true, demoCode?} for any address (demoCode
 * only in demo mode without SMTP, and only to the browser that claimed the address first: any
 * other gets 409). 429 when asked too often.
 * POST /api/verification-codes/verify {email, code} -> 200 {verified: true} and sets the cookie;
 * 400 wrong or expired code; 429 too many attempts.
 */
export const requestCodeSchema = z.object({ email: emailSchema });
export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits.'),
});

/** GET /api/voice/config -> VoiceConfig. */
export interface VoiceConfig {
  provider: 'vapi' | 'browser';
  isDemoMode: boolean;
  ownerName: string;
  /** Only with provider "vapi". No key and no assistant: the server creates each call. */
  vapi?: {
    /** Where the Vapi web SDK is pointed (VAPI_PROXY_PATH on our origin), instead of Vapi. */
    apiBaseUrl: string;
  };
  firstMessage: string;
  /** The longest single call, in minutes (VOICE_MAX_CALL_MINUTES). */
  maxCallMinutes: number;
}

/**
 * Vapi's proxy pattern: the page's Vapi web SDK is built with this path on our origin as its API
 * base, so its `start({voiceSessionId})` POSTs `${VAPI_PROXY_PATH}/call/web` here, not to Vapi.
 */
export const VAPI_PROXY_PATH = '/api/vapi';

/**
 * POST /api/vapi/call/web {assistant: {voiceSessionId}} (the SDK's start body; everything else in
 * it is ignored) -> 201 Vapi's web call as the SDK reads it: {id, webCallUrl, artifactPlan,
 * assistant.voice.provider, transport?}. The server creates the call at Vapi with its private key,
 * its assistant, the session's remaining seconds and its own metadata. 401 not verified; 403
 * another user's session; 404 unknown session; 409 the session has ended, ran out of time or
 * already has a call; 502 Vapi refused; 503 Vapi unreachable or not configured.
 */
export const createVapiWebCallSchema = z.object({
  assistant: z.object({ voiceSessionId: uuidSchema('Unknown voice session.') }),
});

/**
 * POST /api/voice-sessions {userId, status: "started"} -> 201 VoiceSessionView.
 * 401 not verified; 403 other user (code "forbidden"), not subscribed (code
 * "subscription_required") or no minutes left (code "minutes_exhausted").
 */
export const startVoiceSessionSchema = z.object({
  userId: uuidSchema('Unknown user.'),
  status: z.literal('started'),
});

/** The longest call the API takes a duration for, and the most the server bills for one call (12 hours). */
export const MAX_SESSION_DURATION_SECONDS = 43_200;

/** PATCH /api/voice-sessions/:id {status: "ended", duration, transcript, endedAt} -> VoiceSessionView. */
export const endVoiceSessionSchema = z.object({
  status: z.literal('ended'),
  duration: z.number().int().min(0).max(MAX_SESSION_DURATION_SECONDS),
  transcript: text().max(200_000).optional().default(''),
  endedAt: z.iso.datetime({ offset: true }),
  /** Accepted from pages that still send it, and ignored: the call id is the one the server stored. */
  vapiCallId: text().max(255).optional(),
  /** False when the call never went live (the start failed): such a session is removed, not listed. */
  hasCallStarted: z.boolean().optional(),
});

/**
 * POST /api/voice-sessions/:id/end, the same body as the PATCH: how the page ends its call while it
 * is being closed or reloaded (navigator.sendBeacon can only POST). Its transcript is bounded by
 * the ordinary JSON body limit, so the page sends at most END_BEACON_TRANSCRIPT_CHARS of it.
 */
export const END_BEACON_TRANSCRIPT_CHARS = 8_000;

/**
 * POST /api/voice-sessions/:id/heartbeat (no body) -> 204 while the call is open; 409 once the
 * session has ended (by the page, a report, its maximum or a missed heartbeat): the page then ends
 * its call. The page sends one every HEARTBEAT_INTERVAL_SECONDS; a session without one for
 * HEARTBEAT_TIMEOUT_SECONDS is ended and billed up to its last heartbeat.
 */
export const HEARTBEAT_INTERVAL_SECONDS = 30;
export const HEARTBEAT_TIMEOUT_SECONDS = 120;

/** A call is started until it ends (the visitor, the time limit, the provider or the sweep). */
export const VOICE_SESSION_STATUSES = ['started', 'ended'] as const;
export type VoiceSessionStatus = (typeof VOICE_SESSION_STATUSES)[number];

/** GET /api/voice-sessions/:userId -> VoiceSessionView[] newest first. 401/403 as above. */
export interface VoiceSessionView {
  id: string;
  userId: string;
  status: VoiceSessionStatus;
  duration: number | null; // seconds, as the client reported (display)
  billedMinutes: number | null; // whole minutes the server billed
  maxDurationSeconds: number | null; // how long this call may last
  transcript: string | null;
  createdAt: string;
  endedAt: string | null;
}

/**
 * Browser voice (provider "browser"): POST /api/voice-sessions/:id/turns {text} -> {reply}.
 * Only for the verified owner of a started session; answers with the same clone as the chat.
 */
export const voiceTurnSchema = z.object({ text: text().trim().min(1).max(2000) });

/** POST /api/billing-portal -> {url} of the Stripe customer portal. 401 not verified. */
