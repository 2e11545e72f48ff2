import { useId, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useIsHydrated } from '@/lib/use-browser-state';
import { useSignIn } from '../api';

// The form is prerendered: what the owner types before the page's code runs is kept (the fields are
// read on submit), and Sign in waits for the code, so the browser never sends the form itself
// (a GET would put the password in the address).
export function SignInForm() {
  const signIn = useSignIn();
  const isHydrated = useIsHydrated();
  const id = useId();
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    signIn.mutate(
      { username: field('username').value, password: field('password').value },
      { onError: () => (field('password').value = '') },
    );
  };

  const inputClass =
    'mt-1 block h-11 w-full rounded-lg border border-slate-300 px-3 text-base text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <form
        method="post"
        onSubmit={submit}
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
        aria-describedby={signIn.isError ? errorId : undefined}
      >
        <h1 className="text-xl font-bold text-slate-900">Owner sign-in</h1>
        <p className="mt-1 text-sm text-slate-600">Your desk: calls, chats, subscribers and mail.</p>
        <label htmlFor={`${id}-username`} className="mt-6 block text-sm font-medium text-slate-800">
          Username
        </label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          required
          className={inputClass}
        />
        <label htmlFor={`${id}-password`} className="mt-4 block text-sm font-medium text-slate-800">
          Password
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
        />
        {signIn.isError ? (
          <p id={errorId} role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {getErrorMessage(signIn.error)}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="mt-6 w-full" disabled={!isHydrated || signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </main>
  );
}
