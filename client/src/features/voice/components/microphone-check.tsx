import { Mic } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { MicrophoneCheck as MicrophoneCheckModel } from '../microphone/use-microphone-check';

/** Before a call: choose the microphone and see that it hears you. */
export function MicrophoneCheck({ check }: { check: MicrophoneCheckModel }) {
  const selectId = useId();
  const { state } = check;

  return (
    <div className="mt-6 border-t border-slate-200 pt-4" data-testid="microphone-check">
      <h3 className="text-sm font-semibold text-slate-800">Microphone</h3>
      {state.status === 'closed' || state.status === 'opening' ? (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button variant="secondary" onClick={() => void check.open()} disabled={state.status === 'opening'}>
            <Mic className="size-4" aria-hidden />
            {state.status === 'opening' ? 'Opening microphone...' : 'Test your microphone'}
          </Button>
          <p className="text-sm text-slate-600">Choose a microphone and check that it hears you.</p>
        </div>
      ) : state.status === 'error' ? (
        <div className="mt-2">
          <p role="alert" className="text-sm text-red-700">
            {state.message}
          </p>
          <Button variant="secondary" className="mt-2" onClick={() => void check.open()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-2 grid gap-3">
          <label htmlFor={selectId} className="sr-only">
            Microphone
          </label>
          <select
            id={selectId}
            value={state.deviceId ?? ''}
            onChange={(event) => void check.choose(event.target.value)}
            className="h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {state.microphones.map((microphone) => (
              <option key={microphone.deviceId} value={microphone.deviceId}>
                {microphone.label}
              </option>
            ))}
          </select>
          <div
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.level * 100)}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              data-testid="microphone-level"
              className={cn(
                'h-full rounded-full transition-[width] duration-100',
                state.level > 0.05 ? 'bg-emerald-500' : 'bg-slate-400',
              )}
              style={{ width: `${Math.round(state.level * 100)}%` }}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600">
              Say something: the bar moves when the microphone hears you.
            </p>
            <Button variant="secondary" size="sm" onClick={() => void check.stop()}>
              Done
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
