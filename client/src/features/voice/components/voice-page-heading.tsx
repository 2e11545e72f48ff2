import { EmailText } from './email-text';
import { SubscriptionBadge } from './subscription-badge';

/** "Voice Clone" with the subscription badge, what the page offers, and the e-mail in use. */
export function VoicePageHeading({
  email,
  ownerName = 'the owner',
  isSubscribed,
  onChangeEmail,
}: {
  email: string;
  ownerName?: string;
  isSubscribed: boolean;
  onChangeEmail: () => void;
}) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Voice Clone</h1>
        <SubscriptionBadge isSubscribed={isSubscribed} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {isSubscribed
          ? `Talk with ${ownerName}'s AI clone in real time.`
          : `Subscribe to talk with ${ownerName}'s AI clone by voice.`}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
        <span>
          Using <EmailText email={email} className="font-medium text-slate-800" />
        </span>
        <button
          type="button"
          onClick={onChangeEmail}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Change e-mail
        </button>
      </p>
    </div>
  );
}
