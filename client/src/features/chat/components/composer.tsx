import { ArrowUp, Paperclip, Square } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { cn } from '@/lib/cn';
import { useIsHydrated } from '@/lib/use-browser-state';
import { useLatestRef } from '@/lib/use-latest-ref';
import { useMediaQuery } from '@/lib/use-media-query';
import type { SendOutcome } from '../chat-sender';

// shared/chat.ts's MAX_MESSAGE_LENGTH, repeated because that module also builds the zod schema
// and importing it would add zod to the code of `/` (a unit test keeps the two equal).
export const MAX_MESSAGE_LENGTH = 4000;

const COMPOSER_PLACEHOLDER = 'Ask about my experience, skills, projects, or anything professional...';
// A phone's input holds about 30 characters: the long invitation would end in "skill…".
const SHORT_PLACEHOLDER = 'Ask about my skills or projects';
/** Where the input takes the focus on arrival: a desktop with a mouse (a phone would raise its keyboard). */
const DESKTOP_QUERY = '(min-width: 1024px) and (pointer: fine)';

// Show the character count once a message gets this close to the limit.
const COUNTER_FROM = MAX_MESSAGE_LENGTH - 400;

interface ComposerProps {
  onSend(text: string): Promise<SendOutcome | null>;
  onStop(): void;
  isSending: boolean;
  /** False until the conversation exists. */
  isReady: boolean;
}

// Not working yet: announced as such and never sends.
const ATTACH_BUTTON = (
  <button
    type="button"
    aria-label="Attach file (coming soon)"
    title="Attach file (coming soon)"
    aria-disabled="true"
    className="inline-flex size-10 shrink-0 cursor-not-allowed items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
  >
    <Paperclip className="size-5" aria-hidden />
  </button>
);

const PASTE_CUT_NOTICE = (
  <p role="status" className="-mt-1 px-4 text-xs text-amber-800">
    A message holds up to {MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters: the end of what you pasted
    was left out.
  </p>
);

/**
 * The message input: Enter sends, Shift+Enter breaks the line, the textarea
 * grows with its content up to 8rem, and it is disabled while a reply is in flight. While a reply
 * streams, the send button becomes a Stop button.
 */
export function Composer({ onSend, onStop, isSending, isReady }: ComposerProps) {
  const [value, setValue] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shouldRefocusRef = useRef(false);
  // Typing into the server's HTML before the page is live would be lost: wait for it.
  const isHydrated = useIsHydrated();
  const canSend = isReady && !isSending && value.trim().length > 0;
  // Sent the instant the page went live, the chat may still be starting: the words wait for it.
  const isQueuedRef = useRef(false);
  // The textarea's maxLength cuts a long paste without a word: say so.
  const [wasPasteCut, setWasPasteCut] = useState(false);
  const isNarrow = useMediaQuery('(max-width: 639px)');
  useTextareaFocusAndHeight(textareaRef, value, isSending, shouldRefocusRef);

  async function submit() {
    if (!isReady && !isSending && value.trim()) isQueuedRef.current = true;
    if (!canSend) return;
    const text = value;
    shouldRefocusRef.current = Boolean(formRef.current?.contains(document.activeElement));
    setValue('');
    const outcome = await onSend(text);
    // Refused before anything was stored: give the words back rather than lose them.
    if (outcome === 'refused') setValue((current) => current || text);
  }

  const submitRef = useLatestRef(submit);
  useEffect(() => {
    if (!isQueuedRef.current || !isReady) return;
    isQueuedRef.current = false;
    void submitRef.current();
  }, [isReady, submitRef]);

  // The form's submit, or Enter in the textarea (Shift+Enter and a composing IME type on).
  function handleSubmit(event: FormEvent | KeyboardEvent<HTMLTextAreaElement>) {
    if ('key' in event && (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing)) return;
    event.preventDefault();
    void submit();
  }

  return (
    <>
      <form
        ref={formRef}
        onSubmit={handleSubmit}
        className="flex items-end gap-1.5 rounded-3xl bg-white p-1.5 shadow-sm ring-1 ring-slate-300 transition-shadow focus-within:ring-2 focus-within:ring-brand-500"
      >
        {ATTACH_BUTTON}
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message"
          ref={textareaRef}
          rows={1}
          value={value}
          maxLength={MAX_MESSAGE_LENGTH}
          disabled={isSending || !isHydrated}
          placeholder={isNarrow ? SHORT_PLACEHOLDER : COMPOSER_PLACEHOLDER}
          onChange={(event) => {
            setValue(event.target.value);
            if (event.target.value.length < MAX_MESSAGE_LENGTH) setWasPasteCut(false);
          }}
          onPaste={(event) => {
            const { value: current, selectionStart, selectionEnd } = event.currentTarget;
            const pasted = event.clipboardData.getData('text');
            setWasPasteCut(
              current.length - (selectionEnd - selectionStart) + pasted.length > MAX_MESSAGE_LENGTH,
            );
          }}
          onKeyDown={handleSubmit}
          enterKeyHint="send"
          className="max-h-32 min-h-10 flex-1 resize-none overflow-y-auto bg-transparent px-1 py-2 text-base leading-6 text-slate-900 placeholder:text-slate-500 placeholder:overflow-hidden placeholder:text-ellipsis placeholder:whitespace-nowrap focus:outline-none focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-500 sm:text-[15px]"
        />
        {value.length >= COUNTER_FROM ? (
          <span className="self-center text-xs tabular-nums text-slate-600" aria-live="polite">
            {value.length}/{MAX_MESSAGE_LENGTH}
          </span>
        ) : null}
        <SendButton isSending={isSending} canSend={canSend} onStop={onStop} />
      </form>
      {wasPasteCut ? PASTE_CUT_NOTICE : null}
    </>
  );
}

/** While a reply streams, the send button is a Stop button. */
function SendButton({
  isSending,
  canSend,
  onStop,
}: {
  isSending: boolean;
  canSend: boolean;
  onStop(): void;
}) {
  return isSending ? (
    <button
      type="button"
      onClick={onStop}
      aria-label="Stop generating"
      title="Stop generating"
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-900 text-white transition-colors hover:bg-slate-700"
    >
      <Square className="size-3.5 fill-current" aria-hidden />
    </button>
  ) : (
    <button
      type="submit"
      disabled={!canSend}
      aria-label="Send message"
      title="Send message"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors',
        canSend
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'cursor-not-allowed bg-slate-200 text-slate-500',
      )}
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}

/**
 * On a desktop the input takes the focus on arrival; it grows with `value`; and it gets the focus
 * back after a send if the visitor was typing there (`shouldRefocusRef`).
 */
function useTextareaFocusAndHeight(
  textareaRef: RefObject<HTMLTextAreaElement | null>,
  value: string,
  isSending: boolean,
  shouldRefocusRef: RefObject<boolean>,
) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);

  // On a desktop the visitor can type at once; focus nobody asked for elsewhere is left alone.
  useEffect(() => {
    if (!isDesktop) return;
    if (document.activeElement === document.body) textareaRef.current?.focus({ preventScroll: true });
  }, [isDesktop, textareaRef]);

  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    // Empty, it keeps one line: a long placeholder would otherwise make it tall on a phone.
    if (value) textarea.style.height = `${textarea.scrollHeight}px`;
  }, [value, textareaRef]);

  // The textarea loses focus while disabled; give it back if the visitor was typing.
  useEffect(() => {
    if (isSending || !shouldRefocusRef.current) return;
    shouldRefocusRef.current = false;
    textareaRef.current?.focus();
  }, [isSending, shouldRefocusRef, textareaRef]);
}
