import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId, PlanTable } from '@shared/plans';
import {
  END_BEACON_TRANSCRIPT_CHARS,
  type DemoCheckoutView,
  type SubscriptionLookup,
  type SubscriptionUserView,
  type VoiceConfig,
  type VoiceSessionView,
} from '@shared/voice';
import { apiJson, apiRequest } from '@/lib/api-client';

// The voice API (shared/voice.ts): fetchers, query options and hooks for the /voice page. Queries
// use the default query function (the key is the path under /api) except the lookup below.

// --- queries ---------------------------------------------------------------------------------

export const voiceConfigQuery = () => queryOptions<VoiceConfig>({ queryKey: ['voice', 'config'] });

/** GET /api/plans: the owner's plans, prices and currency. */
export const plansQuery = () => queryOptions<PlanTable>({ queryKey: ['plans'] });

export const subscriptionUserKey = (email: string | null) => ['subscription-user', email] as const;

/**
 * POST /api/subscription-user {email}: the e-mail goes in the body, never in a URL. Until this
 * browser has verified the e-mail the answer is {isVerified: false, user: null}, subscriber or not.
 */
async function getSubscriptionUser(email: string, signal?: AbortSignal) {
  const res = await apiRequest('POST', '/api/subscription-user', { email }, { signal });
  return (await res.json()) as SubscriptionLookup;
}

/** The lookup's answer for a user the server returned elsewhere (the checkout confirmation). */
export const toSubscriptionLookup = (user: SubscriptionUserView): SubscriptionLookup =>
  user.isVerified ? { isVerified: true, user } : { isVerified: false, user: null };

export const subscriptionUserQuery = (email: string | null) =>
  queryOptions({
    queryKey: subscriptionUserKey(email),
    queryFn: ({ signal }) => getSubscriptionUser(email ?? '', signal),
    enabled: Boolean(email),
  });

export const voiceSessionsQuery = (userId: string | undefined, isEnabled: boolean) =>
  queryOptions<VoiceSessionView[]>({
    queryKey: ['voice-sessions', userId],
    enabled: Boolean(userId) && isEnabled,
  });

export const demoCheckoutQuery = (sessionId: string) =>
  queryOptions<DemoCheckoutView>({ queryKey: ['demo-checkout', sessionId] });

export const useVoiceConfig = () => useQuery(voiceConfigQuery());
export const usePlans = () => useQuery(plansQuery());
export const useSubscriptionUser = (email: string | null) => useQuery(subscriptionUserQuery(email));
export const useVoiceSessions = (userId: string | undefined, isEnabled: boolean) =>
  useQuery(voiceSessionsQuery(userId, isEnabled));
export const useDemoCheckout = (sessionId: string) => useQuery(demoCheckoutQuery(sessionId));

// --- fetchers used by the call flow -------------------------------------------------------------

export const startVoiceSession = (userId: string) =>
  apiJson<VoiceSessionView>('POST', '/api/voice-sessions', { userId, status: 'started' });

export interface EndVoiceSessionInput {
  duration: number;
  transcript: string;
  endedAt: string;
  vapiCallId?: string;
  /** False for a call that never went live: the server drops its session (or, for a call created at Vapi, lists it only if Vapi reports time). */
  hasCallStarted?: boolean;
}

/** Answers nothing: the session is read again with the list (and is gone for a failed start). */
export async function endVoiceSession(sessionId: string, input: EndVoiceSessionInput): Promise<void> {
  await apiRequest('PATCH', `/api/voice-sessions/${encodeURIComponent(sessionId)}`, {
    status: 'ended',
    ...input,
  });
}

/**
 * Ends the call while the page is being closed or reloaded: navigator.sendBeacon outlives the page
 * (and sends the cookies), but POSTs only, without custom headers, and at most 64 kB, so the
 * transcript is cut to what the ordinary JSON body limit takes. Falls back to a keepalive fetch.
 */
export function sendEndVoiceSessionBeacon(sessionId: string, input: EndVoiceSessionInput): void {
  const url = `/api/voice-sessions/${encodeURIComponent(sessionId)}/end`;
  const body = new Blob([JSON.stringify(toBeaconBody(input))], { type: 'application/json' });
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // fall through to fetch
  }
  void fetch(url, { method: 'POST', body, credentials: 'include', keepalive: true }).catch(() => undefined);
}

/** The end of a call as the beacon sends it: the transcript cut to fit BEACON_BODY_BYTES. */
export function toBeaconBody(input: EndVoiceSessionInput) {
  const { vapiCallId: _ignored, ...rest } = input;
  let transcript = input.transcript.slice(0, END_BEACON_TRANSCRIPT_CHARS);
  const encoder = new TextEncoder();
  const build = () => ({ status: 'ended' as const, ...rest, transcript });
  while (transcript && encoder.encode(JSON.stringify(build())).length > BEACON_BODY_BYTES)
    transcript = transcript.slice(0, Math.floor(transcript.length * 0.8));
  return build();
}

/** Well under the server's 32 kB JSON limit and the browser's 64 kB for beacons. */
const BEACON_BODY_BYTES = 24_000;

/** POST /api/voice-sessions/:id/heartbeat: the call's page is still there. */
export const sendVoiceHeartbeat = (sessionId: string) =>
  apiRequest('POST', `/api/voice-sessions/${encodeURIComponent(sessionId)}/heartbeat`);

export const sendVoiceTurn = async (sessionId: string, text: string) =>
  (
    await apiJson<{ reply: string }>('POST', `/api/voice-sessions/${encodeURIComponent(sessionId)}/turns`, {
      text,
    })
  ).reply;

// --- mutations -------------------------------------------------------------------------------

export const useCreateSubscription = () =>
  useMutation({
    mutationFn: (input: { email: string; plan: PlanId }) =>
      apiJson<{ checkoutUrl: string }>('POST', '/api/create-subscription', input),
  });

export const useConfirmCheckout = () =>
  useMutation({
    mutationFn: (sessionId: string) =>
      apiJson<{ email: string; user: SubscriptionUserView }>('POST', '/api/checkout-sessions/confirm', {
        sessionId,
      }),
  });

export const useConfirmDemoCheckout = () =>
  useMutation({
    mutationFn: (sessionId: string) =>
      apiJson<{ redirectUrl: string }>('POST', `/api/demo-checkout/${encodeURIComponent(sessionId)}/confirm`),
  });

export const useRequestVerificationCode = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiJson<{ sent: true; demoCode?: string }>('POST', '/api/verification-codes', { email }),
  });

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      apiJson<{ verified: true }>('POST', '/api/verification-codes/verify', input),
    onSuccess: (_data, { email }) => queryClient.invalidateQueries({ queryKey: subscriptionUserKey(email) }),
  });
}

/** A demo subscriber's plan change; answers the user as the lookup shows it. */
export const useChangeDemoPlan = () =>
  useMutation({
    mutationFn: (plan: PlanId) => apiJson<SubscriptionUserView>('POST', '/api/demo-plan', { plan }),
  });

/** A demo subscriber cancels (Stripe subscribers cancel in the billing portal). */
export const useCancelDemoSubscription = () =>
  useMutation({ mutationFn: () => apiJson<SubscriptionUserView>('POST', '/api/demo-cancel') });

export const useOpenBillingPortal = () =>
  useMutation({ mutationFn: () => apiJson<{ url: string }>('POST', '/api/billing-portal') });

/** Re-reads the lookup and the session list after a call, a checkout or a verification. */
export function useRefreshVoiceData() {
  const queryClient = useQueryClient();
  return (email: string | null, userId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionUserKey(email) }),
      userId ? queryClient.invalidateQueries({ queryKey: ['voice-sessions', userId] }) : undefined,
    ]);
}
