import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const CONTROL_CLASS =
  'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm';

export const controlClass = (hasError: boolean, extra?: string) =>
  cn(
    CONTROL_CLASS,
    hasError
      ? 'border-red-500 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
    extra,
  );

/** A labelled form control with its hint and inline error, wired for screen readers. */
export function FormField({
  id,
  label,
  isRequired = false,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  isRequired?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {isRequired ? (
          <>
            <span aria-hidden="true" className="ml-0.5 text-red-600">
              *
            </span>
            <span className="sr-only"> (required)</span>
          </>
        ) : null}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a control inside FormField. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: ReactNode }) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** What a form hands a text control inside FormField: its identity, value, change handler and aria wiring. */
export type TextControlProps = {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  className: string;
} & ReturnType<typeof describedBy>;
