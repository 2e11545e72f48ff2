import { CloneRow, type CloneIdentity } from './message-bubble';

/** Three pulsing dots while the clone has not said its first word yet. */
export function TypingIndicator({ clone }: { clone: CloneIdentity }) {
  return (
    <CloneRow clone={clone} className="animate-message-in">
      <div
        role="status"
        aria-label={`${clone.name} is typing`}
        className="flex h-11 items-center gap-1.5 rounded-2xl rounded-tl-md bg-white px-4 shadow-sm ring-1 ring-slate-200/80"
      >
        {[0, 1, 2].map((dot) => (
          <span
            key={dot}
            aria-hidden
            className="size-2 rounded-full bg-brand-400 animate-typing-dot"
            style={{ animationDelay: `${dot * 160}ms` }}
          />
        ))}
      </div>
    </CloneRow>
  );
}
