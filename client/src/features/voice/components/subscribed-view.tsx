import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { isUnlimited } from '@shared/plans';
import type { SubscriptionUserView, VoiceConfig } from '@shared/voice';
import { hasStatus } from '@/lib/api-client';
import {
  subscriptionUserKey,
  toSubscriptionLookup,
  usePlans,
  useRefreshVoiceData,
  useVoiceSessions,
} from '../api';
import { getSpeechRecognition } from '../call/speech-recognition';
import { preloadVapiSdk } from '../call/vapi-client';
import { VoiceCallError } from '../call/voice-client';
import { useMicrophoneCheck } from '../microphone/use-microphone-check';
import { useLeftoverCall } from '../use-leftover-call';
import { useVoiceConversation } from '../use-voice-conversation';
import { MicrophoneCheck } from './microphone-check';
import { OutOfMinutes } from './out-of-minutes';
import { RecentSessionsCard } from './recent-sessions-card';
import { UsageCard } from './usage-card';
import { VerifyIdentityCard } from './verify-identity-card';
import { VoiceCallCard } from './voice-call-card';
import { WhatToExpectCard } from './what-to-expect-card';

/** Why calls cannot start here, if so: no voice settings, or no speech recognition in this browser. */
function describeUnavailableReason(config: VoiceConfig | undefined, isConfigError: boolean) {
  if (isConfigError) return 'The voice settings could not be loaded. Reload the page to try again.';
  if (config?.provider === 'browser' && !getSpeechRecognition())
    return new VoiceCallError('unsupported').message;
  return undefined;
}

interface SubscribedViewProps {
  email: string;
  user: SubscriptionUserView;
  config: VoiceConfig | undefined;
  isConfigError: boolean;
  /** Set after a 401: the server no longer accepts this browser for the e-mail. */
  isVerificationRequired: boolean;
  onUnauthorized: () => void;
  onVerified: () => void;
}

export function SubscribedView({
  email,
  user,
  config,
  isConfigError,
  isVerificationRequired,
  onUnauthorized,
  onVerified,
}: SubscribedViewProps) {
  const refresh = useRefreshVoiceData();
  const isVerified = user.isVerified && !isVerificationRequired;
  // A call this tab left running when it was reloaded is ended before the sessions are listed.
  const isEndingLeftover = useLeftoverCall(isVerified, () => void refresh(email, user.id));
  const sessions = useVoiceSessions(user.id, isVerified && !isEndingLeftover);
  const needsVerification = !user.isVerified || isVerificationRequired || hasStatus(sessions.error, 401);
  const conversation = useVoiceConversation({ config, email, user, onUnauthorized });
  const ownerName = config?.ownerName ?? 'the owner';
  const isVapi = config?.provider === 'vapi';
  const queryClient = useQueryClient();
  const microphone = useMicrophoneCheck(isVapi);
  const plans = usePlans();
  const showUser = (next: SubscriptionUserView) =>
    queryClient.setQueryData(subscriptionUserKey(email), toSubscriptionLookup(next));
  const isOutOfMinutes =
    !isUnlimited(user.voiceMinutesLimit) && user.voiceMinutesUsed >= user.voiceMinutesLimit;

  useEffect(() => {
    if (isVapi && !needsVerification) preloadVapiSdk();
  }, [isVapi, needsVerification]);

  const unavailableReason = describeUnavailableReason(config, isConfigError);

  return (
    // Phone order: call, usage, sessions, what to expect; desktop: two columns with a side rail.
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        {needsVerification ? (
          <VerifyIdentityCard email={email} onVerified={onVerified} />
        ) : (
          <SubscribedCallCard
            ownerName={ownerName}
            conversation={conversation}
            microphone={microphone}
            unavailableReason={unavailableReason}
            isReady={Boolean(config)}
            blocker={
              isOutOfMinutes ? (
                <OutOfMinutes
                  user={user}
                  plans={plans.data}
                  isDemoMode={config?.isDemoMode ?? false}
                  isVerified={!needsVerification}
                  onUnauthorized={onUnauthorized}
                  onPlanChanged={showUser}
                />
              ) : undefined
            }
          />
        )}
      </div>
      <div className="grid gap-6 lg:row-span-2">
        <UsageCard
          user={user}
          plans={plans.data}
          isDemoMode={config?.isDemoMode ?? false}
          isVerified={!needsVerification}
          onUnauthorized={onUnauthorized}
          onUserChanged={showUser}
        />
        <RecentSessionsCard
          sessions={sessions.data}
          isLoading={sessions.isPending || isEndingLeftover}
          isError={sessions.isError}
          isVerified={!needsVerification}
        />
      </div>
      <div className="lg:col-span-2">
        <WhatToExpectCard ownerName={ownerName} maxCallMinutes={config?.maxCallMinutes} />
      </div>
    </div>
  );
}

/** The call card wired to the conversation, with the microphone check before a call. */
function SubscribedCallCard({
  ownerName,
  conversation,
  microphone,
  unavailableReason,
  isReady,
  blocker,
}: {
  ownerName: string;
  conversation: ReturnType<typeof useVoiceConversation>;
  microphone: ReturnType<typeof useMicrophoneCheck>;
  unavailableReason: string | undefined;
  isReady: boolean;
  blocker: ReactNode;
}) {
  async function startCall() {
    // The check's microphone is released first: Daily allows one call object at a time.
    const { deviceId } = microphone;
    await microphone.stop();
    await conversation.startCall(deviceId);
  }

  return (
    <VoiceCallCard
      ownerName={ownerName}
      status={conversation.status}
      elapsedSeconds={conversation.elapsedSeconds}
      isMuted={conversation.isMuted}
      isAssistantSpeaking={conversation.isAssistantSpeaking}
      volumeLevel={conversation.volumeLevel}
      captions={conversation.captions}
      error={conversation.error}
      endNotice={conversation.status === 'ended' ? conversation.endNotice : null}
      unavailableReason={unavailableReason}
      isReady={isReady}
      blocker={blocker}
      beforeCall={unavailableReason ? undefined : <MicrophoneCheck check={microphone} />}
      onStart={() => void startCall()}
      onEnd={conversation.end}
      onToggleMute={conversation.toggleMute}
    />
  );
}
