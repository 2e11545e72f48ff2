import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';

/** The subscription lookup failed: why, with a retry and a way to use another e-mail. */
export function LookupError({
  error,
  onRetry,
  onChangeEmail,
}: {
  error: Error | null;
  onRetry: () => void;
  onChangeEmail: () => void;
}) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-sm text-slate-700">
        Your subscription could not be looked up: {getErrorMessage(error)}
      </p>
      <div className="mt-4 flex justify-center gap-2">
        <Button onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden />
          Try again
        </Button>
        <Button variant="secondary" onClick={onChangeEmail}>
          Change e-mail
        </Button>
      </div>
    </div>
  );
}
