// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFollowLatest } from '@/features/chat/use-follow-latest';

afterEach(cleanup);

function List({ reply }: { reply: string }) {
  const ref = useRef<HTMLElement>(null);
  const follow = useFollowLatest(ref, { changes: [], growing: reply, isSending: false });
  return (
    <section
      ref={ref}
      aria-label="Conversation"
      tabIndex={0}
      onScroll={follow.onScroll}
      {...follow.intentHandlers}
    >
      <p>{reply}</p>
      {follow.isAwayFromLatest ? <button type="button">Jump to latest</button> : null}
      <textarea aria-label="Message" />
    </section>
  );
}

/** jsdom lays nothing out: the list gets a height, a content height and a scroll position of its own. */
function setup() {
  const view = render(<List reply="Hello" />);
  const list = screen.getByRole('region', { name: 'Conversation' });
  const geometry = { scrollHeight: 2000, clientHeight: 500, scrollTop: 1500 };
  Object.defineProperty(list, 'scrollHeight', { get: () => geometry.scrollHeight });
  Object.defineProperty(list, 'clientHeight', { get: () => geometry.clientHeight });
  Object.defineProperty(list, 'scrollTop', {
    get: () => geometry.scrollTop,
    set: (top: number) => (geometry.scrollTop = Math.min(top, geometry.scrollHeight - geometry.clientHeight)),
  });
  fireEvent.scroll(list);
  /** The reply grows by 100 px. */
  const grow = (reply: string) => {
    geometry.scrollHeight += 100;
    view.rerender(<List reply={reply} />);
  };
  /** The browser moves the list (a wheel's animation, a finger) and reports it. */
  const scrollTo = (top: number) => {
    geometry.scrollTop = top;
    fireEvent.scroll(list);
  };
  return { list, geometry, grow, scrollTo };
}

const jumpButton = () => screen.queryByRole('button', { name: 'Jump to latest' });

describe('following the latest message', () => {
  it('keeps the end of a growing reply in view while the visitor is at the bottom', () => {
    const { geometry, grow } = setup();
    grow('Hello there');
    expect(geometry.scrollTop).toBe(1600);
    expect(jumpButton()).toBeNull();
  });

  it('lets go at the first wheel up, before the scroll it starts is reported', () => {
    const { list, geometry, grow } = setup();
    fireEvent.wheel(list, { deltaY: -100 });
    grow('Hello there');
    expect(geometry.scrollTop).toBe(1500);
  });

  it('stays let go while a scroll up is under way near the bottom, and offers the jump', () => {
    const { list, geometry, grow, scrollTo } = setup();
    fireEvent.wheel(list, { deltaY: -100 });
    // The first frame of the wheel's animation: still within reach of the bottom.
    scrollTo(1460);
    grow('Hello there');
    expect(geometry.scrollTop).toBe(1460);
    expect(jumpButton()).not.toBeNull();
  });

  it('follows again once the visitor scrolls back down to the end', () => {
    const { list, geometry, grow, scrollTo } = setup();
    fireEvent.wheel(list, { deltaY: -100 });
    scrollTo(900);
    scrollTo(1560);
    expect(jumpButton()).toBeNull();
    grow('Hello there');
    expect(geometry.scrollTop).toBe(1600);
  });

  it('lets go when a finger drags the list down, or the up keys scroll the focused list', () => {
    const touch = setup();
    fireEvent.touchStart(touch.list, { touches: [{ clientY: 300 }] });
    fireEvent.touchMove(touch.list, { touches: [{ clientY: 340 }] });
    touch.grow('Hello there');
    expect(touch.geometry.scrollTop).toBe(1500);
    cleanup();

    const keys = setup();
    // An arrow key in the message box moves its caret, not the list.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'ArrowUp' });
    keys.grow('Hello there');
    expect(keys.geometry.scrollTop).toBe(1600);
    fireEvent.keyDown(keys.list, { key: 'PageUp' });
    keys.grow('Hello there, again');
    expect(keys.geometry.scrollTop).toBe(1600);
  });
});
