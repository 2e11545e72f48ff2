import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type TouchEvent,
  type WheelEvent,
} from 'react';

// Within this distance of the bottom the visitor counts as reading the latest.
const AT_BOTTOM_PX = 80;
// Keys that scroll a focused list up.
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

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
    // At the very end (also when shrinking content clamps the list there) the visitor follows;
    // moving up unpins; moving down near the end pins again.
    if (distance < 2) isPinnedRef.current = true;
    else if (element.scrollTop < lastTopRef.current) isPinnedRef.current = false;
    else if (distance <= AT_BOTTOM_PX && element.scrollTop > lastTopRef.current) isPinnedRef.current = true;
    lastTopRef.current = element.scrollTop;
    setIsAwayFromLatest(!isPinnedRef.current);
  }, [scrollRef]);

  // The visitor's wish to read above unpins at once, before the scroll it starts is under way:
  // a word arriving mid-animation would otherwise pull the list back down and cancel it.
  const unpinOnIntent = useCallback(() => {
    const element = scrollRef.current;
    if (element && element.scrollTop > 0) isPinnedRef.current = false;
  }, [scrollRef]);
  const touchYRef = useRef<number | null>(null);
  const intentHandlers = {
    onWheel: (event: WheelEvent<HTMLElement>) => {
      if (event.deltaY < 0) unpinOnIntent();
    },
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      touchYRef.current = event.touches[0]?.clientY ?? null;
    },
    onTouchMove: (event: TouchEvent<HTMLElement>) => {
      const y = event.touches[0]?.clientY;
      // A finger moving down drags the list towards its top.
      if (y !== undefined && touchYRef.current !== null && y > touchYRef.current) unpinOnIntent();
      touchYRef.current = y ?? null;
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target === event.currentTarget && UP_KEYS.has(event.key)) unpinOnIntent();
    },
  };

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

  return { onScroll, intentHandlers, isAwayFromLatest, jumpToLatest };
}
