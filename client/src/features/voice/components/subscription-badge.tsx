import { cn } from '@/lib/cn';

export function SubscriptionBadge({ isSubscribed }: { isSubscribed: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1',
        isSubscribed
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-slate-100 text-slate-700 ring-slate-300',
      )}
    >
      <span
        className={cn('size-2 rounded-full', isSubscribed ? 'bg-emerald-500' : 'bg-slate-400')}
        aria-hidden
      />
      {isSubscribed ? 'Subscribed' : 'No Subscription'}
    </span>
  );
}
