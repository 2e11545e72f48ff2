import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

// Within this distance of the bottom the visitor counts as reading the latest.
const AT_BOTTOM_PX = 80;

function scrollToBottom(element: HTMLElement, behavior: ScrollBehavior) {
  if (typeof element.scrollTo === 'function') element.scrollTo({ top: element.scrollHeight, behavior });
  else element.scrollTop = element.scrollHeight;
}

/**
 * Keeps the newest message in view while the visitor is at the bottom of the list, and leaves
 * the list alone once they scroll up to read: `isAwayFromLatest` then offers a jump back. Their
 * own send (`isSending` turning on) always brings them down.
 */
export function useFollowLatest(
  scrollRef: RefObject<HTMLElement | null>,
  {
    changes,
    growing,
    isSending,
    conversationKey,
  }: { changes: unknown[]; growing: unknown; isSending: boolean; conversationKey?: unknown },
) {
  // Only the visitor unpins (by scrolling up); growing content and smooth scrolls never do.
  const isPinnedRef = useRef(true);
  const lastTopRef = useRef(0);
  const [isAwayFromLatest, setIsAwayFromLatest] = useState(false);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance <= AT_BOTTOM_PX) isPinnedRef.current = true;
    else if (element.scrollTop < lastTopRef.current) isPinnedRef.current = false;
    lastTopRef.current = element.scrollTop;
    setIsAwayFromLatest(!isPinnedRef.current);
  }, [scrollRef]);

  const jumpToLatest = useCallback(() => {
    isPinnedRef.current = true;
    if (scrollRef.current) scrollToBottom(scrollRef.current, 'smooth');
  }, [scrollRef]);

  useEffect(() => {
    if (isSending) isPinnedRef.current = true;
  }, [isSending]);

  // Another conversation: it opens at its newest message, whatever the last one's position.
  useLayoutEffect(() => {
    isPinnedRef.current = true;
    lastTopRef.current = 0;
    if (scrollRef.current) scrollToBottom(scrollRef.current, 'auto');
    onScroll();
  }, [conversationKey, scrollRef, onScroll]);

  // New messages or a change of loading state: follow them if the visitor is at the bottom.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && isPinnedRef.current) scrollToBottom(element, 'smooth');
    else onScroll();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what counts as a change
  }, changes);

  // A reply growing word by word: its end stays in view, at once (a smooth scroll would lag).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && growing && isPinnedRef.current) scrollToBottom(element, 'auto');
    else onScroll();
  }, [growing, scrollRef, onScroll]);

  return { onScroll, isAwayFromLatest, jumpToLatest };
}
