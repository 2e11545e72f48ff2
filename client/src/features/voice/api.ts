import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '@shared/plans';
import type { DemoCheckoutView, SubscriptionUserView, VoiceConfig, VoiceSessionView } from '@shared/voice';
import { ApiError, apiJson, throwIfNotOk } from '@/lib/api-client';

// The voice API (shared/voice.ts): fetchers, query options and hooks for the /voice page.

/** The `code` of our JSON error body ("subscription_required", "minutes_exhausted", ...). */
export function getErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed = JSON.parse(error.body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}

/** The message to show a visitor: the server's own words when it sent some. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

// --- queries ---------------------------------------------------------------------------------

export const voiceConfigQuery = () =>
  queryOptions({
    queryKey: ['voice', 'config'],
    queryFn: () => apiJson<VoiceConfig>('GET', '/api/voice/config'),
  });

/** GET /api/subscription-user/:email; an unknown e-mail (404) is "no user yet", not an error. */
export async function getSubscriptionUser(email: string, signal?: AbortSignal) {
  const res = await fetch(`/api/subscription-user/${encodeURIComponent(email)}`, {
    credentials: 'include',
    signal,
  });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return (await res.json()) as SubscriptionUserView;
}

export const subscriptionUserQuery = (email: string | null) =>
  queryOptions({
    queryKey: ['subscription-user', email],
    queryFn: ({ signal }) => getSubscriptionUser(email ?? '', signal),
    enabled: Boolean(email),
    retry: false,
  });

export const voiceSessionsQuery = (userId: string | undefined, isEnabled: boolean) =>
  queryOptions({
    queryKey: ['voice-sessions', userId],
    queryFn: () =>
      apiJson<VoiceSessionView[]>('GET', `/api/voice-sessions/${encodeURIComponent(userId ?? '')}`),
    enabled: Boolean(userId) && isEnabled,
  });

export const demoCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['demo-checkout', sessionId],
    queryFn: () => apiJson<DemoCheckoutView>('GET', `/api/demo-checkout/${encodeURIComponent(sessionId)}`),
  });

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
    onSuccess: (_data, { email }) =>
      queryClient.invalidateQueries({ queryKey: ['subscription-user', email] }),
  });
}

export const useOpenBillingPortal = () =>
  useMutation({ mutationFn: () => apiJson<{ url: string }>('POST', '/api/billing-portal') });

/** Re-reads the lookup and the session list after a call, a checkout or a verification. */
export function useRefreshVoiceData() {
  const queryClient = useQueryClient();
  return (email: string | null, userId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['subscription-user', email] }),
      userId ? queryClient.invalidateQueries({ queryKey: ['voice-sessions', userId] }) : undefined,
    ]);
}
