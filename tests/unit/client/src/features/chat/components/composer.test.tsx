// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendOutcome } from '@/features/chat/chat-sender';
import { Composer } from '@/features/chat/components/composer';

afterEach(cleanup);

function setup({ isSending = false, isReady = true, outcome = 'replied' as SendOutcome | null } = {}) {
  const onSend = vi.fn(async (_text: string) => outcome);
  const onStop = vi.fn();
  const view = render(<Composer onSend={onSend} onStop={onStop} isSending={isSending} isReady={isReady} />);
  const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  return {
    onSend,
    onStop,
    input,
    rerender: (props: { isSending: boolean }) =>
      view.rerender(
        <Composer onSend={onSend} onStop={onStop} isSending={props.isSending} isReady={isReady} />,
      ),
  };
}

const type = (input: HTMLTextAreaElement, value: string) => fireEvent.change(input, { target: { value } });

describe('Composer', () => {
  it('invites questions about experience, skills, projects or anything professional', () => {
    const { input } = setup();
    expect(input.placeholder).toMatch(/experience, skills, projects, or anything professional/);
    expect(input.maxLength).toBe(4000);
    expect(screen.getByRole('button', { name: 'Attach file (coming soon)' })).toBeTruthy();
  });

  it('sends with Enter and clears the input', async () => {
    const { input, onSend } = setup();
    type(input, 'What is your stack?');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('What is your stack?');
    expect(input.value).toBe('');
  });

  it('sends with the send button', async () => {
    const { input, onSend } = setup();
    type(input, 'Hello');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    });
    expect(onSend).toHaveBeenCalledWith('Hello');
  });

  it('leaves Shift+Enter to the textarea (a new line) without sending', () => {
    const { input, onSend } = setup();
    type(input, 'line one');
    const isDefaultKept = fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(isDefaultKept).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send while composing text with an input method', () => {
    const { input, onSend } = setup();
    type(input, 'にほんご');
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('blocks empty and whitespace-only messages', () => {
    const { input, onSend } = setup();
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    type(input, '   \n  ');
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('holds a message sent before the conversation exists and sends it once it does', async () => {
    const onSend = vi.fn(async (_text: string) => 'replied' as SendOutcome);
    const props = { onSend, onStop: vi.fn(), isSending: false };
    const view = render(<Composer {...props} isReady={false} />);
    const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    type(input, 'Hello');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('Hello');

    await act(async () => {
      view.rerender(<Composer {...props} isReady />);
    });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(input.value).toBe('');
  });

  it('sends nothing when the conversation arrives if nothing was sent', async () => {
    const onSend = vi.fn(async (_text: string) => 'replied' as SendOutcome);
    const props = { onSend, onStop: vi.fn(), isSending: false };
    const view = render(<Composer {...props} isReady={false} />);
    type(screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement, 'Still typing');
    await act(async () => {
      view.rerender(<Composer {...props} isReady />);
    });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('is disabled while a reply is in flight and offers Stop instead of Send', () => {
    const { input, onStop, onSend } = setup({ isSending: true });
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it('gives the words back when the server refused them before storing anything', async () => {
    const { input } = setup({ outcome: 'refused' });
    type(input, 'Please keep me');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(input.value).toBe('Please keep me');
  });

  it('says so when a paste is cut to the 4,000-character limit, and not for one that fits', () => {
    const { input } = setup();
    const paste = (text: string) => fireEvent.paste(input, { clipboardData: { getData: () => text } });
    paste('x'.repeat(3_000));
    expect(screen.queryByRole('status')).toBeNull();
    paste('x'.repeat(4_100));
    expect(screen.getByRole('status').textContent).toMatch(
      /up to 4,000 characters: the end of what you pasted was left out/,
    );
    type(input, 'short again');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('grows with its content; CSS caps it at 8rem', () => {
    const scrollHeight = vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockReturnValue(96);
    try {
      const { input } = setup();
      type(input, 'one\ntwo\nthree\nfour');
      expect(input.style.height).toBe('96px');
      expect(input.className).toContain('max-h-32'); // 8rem
    } finally {
      scrollHeight.mockRestore();
    }
  });

  it('returns focus to the input when the reply is complete', async () => {
    const { input, rerender } = setup();
    input.focus();
    type(input, 'Hello');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    rerender({ isSending: true });
    input.blur();
    rerender({ isSending: false });
    expect(document.activeElement).toBe(input);
  });
});
