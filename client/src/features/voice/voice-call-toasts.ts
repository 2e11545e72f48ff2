import { toast } from '@/components/ui/use-toast';
import type { VoiceCallError } from './call/voice-client';

// The toasts a voice call raises, in one place so that the same words say the same thing.

export const toastSubscriptionRequired = () =>
  toast({ title: 'Subscription Required', description: 'Please subscribe to use voice features.' });

export const toastMinutesLimit = () =>
  toast({ title: 'Minutes Limit Reached', description: "You've reached your monthly voice minutes limit." });

export function toastCallError(error?: VoiceCallError) {
  toast({
    title: 'Call Error',
    description:
      error && error.kind !== 'failed' ? error.message : 'Failed to start voice call. Please try again.',
    variant: 'destructive',
  });
}
