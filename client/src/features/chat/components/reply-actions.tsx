import { Check, Copy, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../copy-text';

// How long "Copied" shows before the button reads "Copy" again.
const COPIED_MS = 2000;

const actionButton =
  'relative inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

/** Copies a reply's text; says "Copied" (also to screen readers) for a moment. */
export function CopyReplyButton({ content }: { content: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const label = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy';
  return (
    <button
      type="button"
      className={actionButton}
      onClick={() => void copyText(content).then((isCopied) => setState(isCopied ? 'copied' : 'failed'))}
      aria-label="Copy reply"
    >
      {state === 'copied' ? (
        <Check className="size-3.5 text-brand-600" aria-hidden />
      ) : (
        <Copy className="size-3.5" aria-hidden />
      )}
      <span aria-hidden>{label}</span>
      {/* Announced once, while it says so; the button's name says what it does. */}
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Reply copied' : state === 'failed' ? 'The reply could not be copied' : ''}
      </span>
    </button>
  );
}

/** Asks the clone for a new answer in place of its last reply. */
export function RegenerateButton({
  onRegenerate,
  isDisabled,
}: {
  onRegenerate(): void;
  isDisabled: boolean;
}) {
  return (
    <button
      type="button"
      className={actionButton}
      onClick={onRegenerate}
      disabled={isDisabled}
      aria-label="Regenerate reply"
    >
      <RefreshCw className="size-3.5" aria-hidden />
      <span>Regenerate</span>
    </button>
  );
}

/** Marks a reply the visitor stopped, so it never passes for a finished answer. */
export function StoppedLabel() {
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
      Stopped
    </span>
  );
}
