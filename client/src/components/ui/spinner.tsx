import { cn } from '@/lib/cn';

// sm sits beside its label, on one line; md and lg sit above it.
const SIZES = {
  sm: { ring: 'size-4 border-2', layout: 'gap-2' },
  md: { ring: 'size-8 border-4', layout: 'flex-col gap-3' },
  lg: { ring: 'size-10 border-4', layout: 'flex-col gap-3' },
} as const;

/** A spinning ring in a role="status" region; `isLabelHidden` leaves the label to screen readers. */
export function Spinner({
  label,
  size = 'md',
  isLabelHidden = false,
  className,
}: {
  label: string;
  size?: keyof typeof SIZES;
  isLabelHidden?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-label={isLabelHidden ? label : undefined}
      className={cn('flex items-center justify-center text-sm text-slate-600', SIZES[size].layout, className)}
    >
      <div
        className={cn('animate-spin rounded-full border-brand-200 border-t-brand-600', SIZES[size].ring)}
        aria-hidden
      />
      {isLabelHidden ? null : label}
    </div>
  );
}
