import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBrowserState } from '@/lib/use-browser-state';
import { subscriptionUserKey } from './api';
import { readRememberedEmail, rememberEmail } from './remembered-email';

/**
 * Who is on /voice: the e-mail this browser uses (remembered across visits), whether the server
 * asked it to prove that e-mail again (a 401), and whether the visitor opened "confirm your e-mail".
 */
export function useVoiceVisitor() {
  const queryClient = useQueryClient();
  const [email, setEmailState] = useBrowserState<string | null>(readRememberedEmail, null);
  const [isVerificationRequired, setIsVerificationRequired] = useState(false);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

  function setEmail(next: string | null) {
    rememberEmail(next);
    setEmailState(next);
    setIsVerificationRequired(false);
    setIsConfirmOpen(false);
  }

  function handleUnauthorized() {
    setIsVerificationRequired(true);
    void queryClient.invalidateQueries({ queryKey: subscriptionUserKey(email) });
  }

  // useVerifyCode has already read the lookup again; the sessions list follows.
  function handleVerified() {
    setIsVerificationRequired(false);
    setIsConfirmOpen(false);
    void queryClient.invalidateQueries({ queryKey: ['voice-sessions'] });
  }

  return {
    email,
    setEmail,
    isVerificationRequired,
    isConfirmOpen,
    openConfirm: () => setIsConfirmOpen(true),
    handleUnauthorized,
    handleVerified,
  };
}

export type VoiceVisitor = ReturnType<typeof useVoiceVisitor>;
