import { Info } from 'lucide-react';

export function DemoBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p>
        <strong className="font-semibold">Demo mode:</strong> payments are simulated and no card is charged.
      </p>
    </div>
  );
}
