import { Mic } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useIsHydrated } from '@/lib/use-browser-state';
import { emailSchema } from '@shared/voice';
import { Button } from '@/components/ui/button';

export function EmailGate({
  ownerName,
  onSubmit,
}: {
  ownerName?: string;
  onSubmit: (email: string) => void;
}) {
  const [value, setValue] = useState('');
  // Typing into the server's HTML before the page is live would be lost: wait for it.
  const isHydrated = useIsHydrated();
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid e-mail address.');
      return;
    }
    onSubmit(parsed.data);
  }

  return (
    <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Mic className="size-7" aria-hidden />
      </div>
      <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Voice Clone Access</h1>
      <p className="mt-2 text-center text-sm text-slate-600">
        Talk with {ownerName ? `${ownerName}'s` : 'the'} AI clone by voice. Enter your e-mail to see your plan
        or subscribe.
      </p>
      <form className="mt-6 grid gap-3" onSubmit={handleSubmit} noValidate>
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          E-mail address
        </label>
        <input
          id={inputId}
          disabled={!isHydrated}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={value.trim() === ''}>
          Access Voice Clone
        </Button>
      </form>
    </div>
  );
}
