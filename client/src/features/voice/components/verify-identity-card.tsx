import { ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useRequestVerificationCode, useVerifyCode } from '../api';
import { Card } from './card';
import { EmailText } from './email-text';

/**
 * "Verify it's you": a 6-digit code sent to the e-mail proves this browser may use the
 * subscription (the server then sets its cookie). In demo mode without e-mail the server hands
 * the code back and we show it.
 */
/** The card's heading, which other cards point to when they need the e-mail verified first. */
export const VERIFY_HEADING_ID = 'verify-heading';

export function VerifyIdentityCard({ email, onVerified }: { email: string; onVerified: () => void }) {
  const requestCode = useRequestVerificationCode();
  const verifyCode = useVerifyCode();
  const [code, setCode] = useState('');
  const errorId = useId();

  const demoCode = requestCode.data?.demoCode;
  const error = verifyCode.error ?? requestCode.error;

  function handleVerify(event: FormEvent) {
    event.preventDefault();
    verifyCode.mutate({ email, code: code.trim() }, { onSuccess: onVerified });
  }

  return (
    <Card
      title="Verify it's you"
      titleId={VERIFY_HEADING_ID}
      icon={<ShieldCheck className="size-5 text-brand-600" aria-hidden />}
    >
      <p className="mt-2 text-sm text-slate-600">
        To protect your minutes and your call history, confirm that <EmailText email={email} /> is yours.
        We&apos;ll send a 6-digit code to that address.
      </p>

      {!requestCode.isSuccess ? (
        <Button className="mt-4" onClick={() => requestCode.mutate(email)} disabled={requestCode.isPending}>
          {requestCode.isPending ? 'Sending...' : 'Send code'}
        </Button>
      ) : (
        <CodeForm
          email={email}
          demoCode={demoCode}
          code={code}
          errorId={error ? errorId : undefined}
          isVerifying={verifyCode.isPending}
          isRequesting={requestCode.isPending}
          onCodeChange={setCode}
          onSubmit={handleVerify}
          onResend={() => {
            verifyCode.reset();
            requestCode.mutate(email);
          }}
        />
      )}
      {error ? (
        <p id={errorId} role="alert" className="mt-3 text-sm text-red-700">
          {getErrorMessage(error)}
        </p>
      ) : null}
    </Card>
  );
}

/** The code field with Verify, and a way to have a new code sent. */
function CodeForm({
  email,
  demoCode,
  code,
  errorId,
  isVerifying,
  isRequesting,
  onCodeChange,
  onSubmit,
  onResend,
}: {
  email: string;
  /** The code itself, when demo mode sends no e-mail. */
  demoCode: string | undefined;
  code: string;
  /** The error message's id, when there is one. */
  errorId: string | undefined;
  isVerifying: boolean;
  isRequesting: boolean;
  onCodeChange: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
  onResend: () => void;
}) {
  const codeId = useId();
  return (
    <form className="mt-4 grid gap-3" onSubmit={onSubmit}>
      <p className="text-sm text-slate-700" role="status">
        {demoCode
          ? 'Demo mode: no e-mail is sent.'
          : `We sent a code to ${email}. It expires in a few minutes.`}
      </p>
      {demoCode ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Your code is{' '}
          <strong className="font-mono text-base tracking-widest" data-testid="demo-code">
            {demoCode}
          </strong>
        </p>
      ) : null}
      <label htmlFor={codeId} className="text-sm font-medium text-slate-800">
        6-digit code
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={codeId}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          value={code}
          onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ''))}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="h-11 w-full rounded-lg border border-slate-300 px-3 font-mono text-lg tracking-[0.4em] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 sm:w-44"
        />
        <Button type="submit" size="lg" disabled={code.length !== 6 || isVerifying}>
          {isVerifying ? 'Verifying...' : 'Verify'}
        </Button>
      </div>
      <button
        type="button"
        className="justify-self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline disabled:text-slate-400"
        onClick={onResend}
        disabled={isRequesting}
      >
        Send a new code
      </button>
    </form>
  );
}
