import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import type { usePlans } from '../api';
import { PlanPicker } from './plan-picker';

/** The owner's plans once loaded: the picker, a spinner, or what went wrong with a retry. */
export function PlanSection({
  email,
  plans,
  onUnauthorized,
}: {
  email: string;
  plans: ReturnType<typeof usePlans>;
  onUnauthorized: () => void;
}) {
  if (plans.data) return <PlanPicker email={email} plans={plans.data} onUnauthorized={onUnauthorized} />;
  if (plans.isPending) return <Spinner label="Loading the plans…" className="py-8" />;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      The plans could not be loaded: {getErrorMessage(plans.error)}
      <Button variant="secondary" onClick={() => void plans.refetch()}>
        <RefreshCw className="size-4" aria-hidden />
        Try again
      </Button>
    </div>
  );
}
