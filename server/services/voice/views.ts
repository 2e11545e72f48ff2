import type { SubscriptionUser, VoiceSession } from '../../../shared/schema';
import type { SubscriptionUserView, VoiceSessionView } from '../../../shared/voice';

export function toSubscriptionUserView(user: SubscriptionUser, isVerified: boolean): SubscriptionUserView {
  return {
    id: user.id,
    subscriptionStatus: user.subscriptionStatus,
    voiceMinutesUsed: user.voiceMinutesUsed,
    voiceMinutesLimit: user.voiceMinutesLimit,
    subscriptionPlan: user.subscriptionPlan,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    isVerified,
  };
}

export function toVoiceSessionView(session: VoiceSession): VoiceSessionView {
  return {
    id: session.id,
    userId: session.userId,
    status: session.status,
    duration: session.duration,
    billedMinutes: session.billedMinutes,
    maxDurationSeconds: session.maxDurationSeconds,
    transcript: session.transcript,
    createdAt: session.createdAt.toISOString(),
    endedAt: session.endedAt?.toISOString() ?? null,
  };
}
