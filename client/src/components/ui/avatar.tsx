import { useState } from 'react';
import { cn } from '@/lib/cn';

const SIZES = {
  sm: 'size-8 text-xs',
  xl: 'size-20 text-2xl',
} as const;

/** A round photo, or the person's initials when there is no photo or it fails to load. */
export function Avatar({
  src,
  name,
  size,
  className,
  isDecorative = false,
}: {
  src?: string;
  name: string;
  size: keyof typeof SIZES;
  className?: string;
  /** True when the name is already next to it, so screen readers do not hear it twice. */
  isDecorative?: boolean;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  const base = cn('shrink-0 rounded-full object-cover', SIZES[size], className);
  if (src && !hasFailed) {
    return (
      // Low priority: a small picture beside text must not hold up the text the page paints first.
      <img
        src={src}
        alt={isDecorative ? '' : name}
        className={base}
        fetchPriority="low"
        onError={() => setHasFailed(true)}
      />
    );
  }
  return (
    <span
      role={isDecorative ? undefined : 'img'}
      aria-label={isDecorative ? undefined : name}
      aria-hidden={isDecorative || undefined}
      className={cn(
        base,
        'inline-flex items-center justify-center bg-brand-100 font-semibold text-brand-700',
      )}
    >
      {getInitials(name)}
    </span>
  );
}

function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
