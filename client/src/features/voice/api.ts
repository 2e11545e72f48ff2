import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import type {
  DemoCheckoutView,
  SubscriptionLookup,
  SubscriptionUserView,
  VoiceConfig,
  VoiceSessionView,
} from '@shared/voice';
import { apiJson, apiRequest } from '@/lib/api-client';

// The voice API (shared/voice.ts): fetchers, query options and hooks for the /voice page. Queries
// use the default query function (the key is the path under /api) except the lookup below.

// --- queries ---------------------------------------------------------------------------------

export const voiceConfigQuery = () => queryOptions<VoiceConfig>({ queryKey: ['voice', 'config'] });

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
}

export const endVoiceSession = (sessionId: string, input: EndVoiceSessionInput) =>
  apiJson<VoiceSessionView>('PATCH', `/api/voice-sessions/${encodeURIComponent(sessionId)}`, {
    status: 'ended',
    ...input,
  });

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
