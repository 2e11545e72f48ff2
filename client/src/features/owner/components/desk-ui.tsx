import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** A titled white card, as on the rest of the site. */
export function DeskCard({
  title,
  actions,
  children,
  headingRef,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  /** For moving focus to the card, e.g. after the item that had it was removed. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="text-base font-semibold text-slate-900 focus:outline-none"
        >
          {title}
        </h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const TONES = {
  slate: 'bg-slate-100 text-slate-700',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-800 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
} as const;

export function Badge({ tone = 'slate', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ring-slate-200',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

/** Loading, failure and empty states of a desk query, or its content. */
export function QueryState({
  isPending,
  error,
  isEmpty,
  emptyText,
  children,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  if (isPending) return <Spinner label="Loading" size="sm" className="justify-start py-4" />;
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {getErrorMessage(error)}
      </p>
    );
  if (isEmpty) return <p className="py-2 text-sm text-slate-600">{emptyText}</p>;
  return <>{children}</>;
}

/** Under a paged list: fetches the next page, and says so while it loads. */
export function LoadMoreButton({
  label,
  isLoading,
  onClick,
}: {
  label: string;
  isLoading: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="secondary" className="mt-3" disabled={isLoading} onClick={onClick}>
      {isLoading ? 'Loading…' : label}
    </Button>
  );
}
