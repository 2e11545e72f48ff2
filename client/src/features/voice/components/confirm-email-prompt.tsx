import { KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { VerifyIdentityCard } from './verify-identity-card';

/**
 * For a browser that has not proven the e-mail: the plans are shown as to anyone, and this line
 * opens the code card for a visitor who already subscribes. Opened by the page too, when an action
 * needs the proof (Subscribe answered 401).
 */
export function ConfirmEmailPrompt({
  email,
  isOpen,
  reason,
  onOpen,
  onVerified,
}: {
  email: string;
  isOpen: boolean;
  /** Why the card was opened for the visitor, when it was not their click. */
  reason?: string;
  onOpen: () => void;
  onVerified: () => void;
}) {
  const regionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isOpen) regionRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [isOpen]);

  if (!isOpen)
    return (
      <p className="text-sm text-slate-700">
        Already subscribed?{' '}
        <button
          type="button"
          onClick={onOpen}
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          <KeyRound className="size-4" aria-hidden />
          Confirm your e-mail
        </button>{' '}
        to see your plan and start a call.
      </p>
    );
  return (
    <div ref={regionRef} className="grid max-w-2xl gap-2">
      {reason ? (
        <p role="status" className="text-sm font-medium text-slate-800">
          {reason}
        </p>
      ) : null}
      <VerifyIdentityCard email={email} onVerified={onVerified} />
    </div>
  );
}
