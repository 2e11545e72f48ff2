import { Avatar } from '@/components/ui/avatar';
import type { CloneIdentity } from './message-bubble';

/** Three pulsing dots while the clone has not said its first word yet. */
export function TypingIndicator({ clone }: { clone: CloneIdentity }) {
  return (
    <li className="flex gap-3 animate-message-in">
      <Avatar
        src={clone.photo}
        name={clone.ownerName}
        size="sm"
        isDecorative
        className="mt-6 ring-2 ring-white"
      />
      <div className="flex flex-col gap-1">
        <span className="px-1 text-xs font-medium text-slate-600">{clone.name}</span>
        <div
          role="status"
          aria-label={`${clone.name} is typing`}
          className="flex h-11 items-center gap-1.5 rounded-2xl rounded-tl-md bg-white px-4 shadow-sm ring-1 ring-slate-200/80"
        >
          {[0, 1, 2].map((dot) => (
            <span
              key={dot}
              aria-hidden
              className="size-2 rounded-full bg-indigo-400 animate-typing-dot"
              style={{ animationDelay: `${dot * 160}ms` }}
            />
          ))}
        </div>
      </div>
    </li>
  );
}
