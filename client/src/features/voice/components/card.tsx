import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The page's card: a titled white panel. `titleId` lets a region be labelled by its heading. */
export function Card({
  title,
  titleId,
  icon,
  children,
  className,
}: {
  title?: string;
  titleId?: string;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cn('rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6', className)}
    >
      {title ? (
        <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {icon}
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
