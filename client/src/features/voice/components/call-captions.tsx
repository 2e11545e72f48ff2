import { useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import type { Caption } from '../call/captions';

/** Follows the newest line unless the visitor has scrolled up to read (this far from the end). */
const FOLLOW_SLACK_PX = 24;

/** What was said, as captions: live during the call, and the last call's after it. */
export function Captions({
  captions,
  ownerName,
  title,
  isLive = false,
}: {
  captions: readonly Caption[];
  ownerName: string;
  title: string;
  /** During the call: above the controls, short enough for both to stay on a phone's screen. */
  isLive?: boolean;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const isFollowingRef = useRef(true);
  const last = captions.at(-1);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && isFollowingRef.current) list.scrollTop = list.scrollHeight;
  }, [captions.length, last?.text]);

  return (
    <div className={cn('w-full text-left', isLive ? 'mt-3' : 'mt-6 border-t border-slate-200 pt-4')}>
      <h3 id="captions-heading" className="text-sm font-semibold text-slate-800">
        {title}
      </h3>
      {/* Several lines stay readable; older ones scroll. Focusable so that keys can scroll it. */}
      <ol
        ref={listRef}
        tabIndex={0}
        aria-live="polite"
        aria-label="Live captions"
        data-testid="captions"
        onScroll={(event) => {
          const list = event.currentTarget;
          isFollowingRef.current = list.scrollHeight - list.scrollTop - list.clientHeight <= FOLLOW_SLACK_PX;
        }}
        className={cn(
          'mt-2 grid min-h-24 content-start gap-2 overflow-y-auto overscroll-contain rounded-lg text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          isLive ? 'h-[38dvh] max-h-96 bg-slate-50 p-2 ring-1 ring-slate-200' : 'max-h-72 sm:max-h-80',
        )}
      >
        {captions.length === 0 ? <li className="text-slate-500">Captions appear here as you talk.</li> : null}
        {captions.map((caption) => (
          <li
            key={caption.id}
            className={cn(
              'rounded-lg px-3 py-2',
              caption.role === 'user' ? 'bg-brand-50 text-brand-950' : 'bg-slate-100 text-slate-900',
              !caption.isFinal && 'opacity-70',
            )}
          >
            <span className="font-semibold">
              {caption.role === 'user' ? 'You' : `${ownerName}'s clone`}:{' '}
            </span>
            {caption.text}
          </li>
        ))}
      </ol>
    </div>
  );
}
