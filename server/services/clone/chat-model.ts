// The clone's port: what answers as the owner, and the shapes it trades in. Types only, so every
// implementation and caller imports it without importing another implementation; the factory
// that picks one is create-chat-model.ts.

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
  /**
   * On an assistant turn, the ids of the owner's content sections the reply answered from, as its
   * model reported them (ReplyOutcome.answered); absent when none were reported.
   */
  answered?: string[];
}

/** Where the reply is read: on screen (Markdown) or spoken on a voice call (plain sentences). */
export type ReplyChannel = 'chat' | 'voice';

/** What the clone made of the visitor's latest message, known once the reply is complete. */
export interface ReplyOutcome {
  /**
   * False when the clone could not answer from the owner's content (it said it does not know,
   * or the message was off-topic): the question is recorded for the owner, and no unprompted
   * contact form follows such a reply.
   */
  isAnswered: boolean;
  /**
   * The ids of the owner's content sections the reply answered from, for the next message's
   * follow-up; undefined when the model cannot tell (a language model's reply).
   */
  answered?: string[];
}

export interface StreamReplyOptions {
  /** Stops the reply (the visitor went away). */
  signal?: AbortSignal;
  /** 'chat' unless given. */
  channel?: ReplyChannel;
  /** Called once after the last delta of a complete reply (not when aborted or failed). */
  onOutcome?: (outcome: ReplyOutcome) => void;
  /**
   * Called once with the tokens (prompt + completion) a call that got an answer started cost:
   * as the provider reports them, or estimated when it does not (the reply was cut short).
   */
  onUsage?: (tokens: number) => void;
  /** The caller has just called `assertAvailable`: the budget is not read a second time. */
  isAvailabilityChecked?: boolean;
  /** Called when the request to a remote model has been handed to the network. */
  onRequestSent?: () => void;
}

/** The model tokens spent on a UTC day (YYYY-MM-DD), as the caller read them. */
export interface TokensSpent {
  day: string;
  tokens: number;
}

/**
 * What answers as the owner's clone. Two real implementations: OpenAI (or any OpenAI-compatible
 * server) when OPENAI_API_KEY is set, else the offline clone that answers from content/.
 * Used by the chat and by browser voice calls.
 */
export interface ChatModel {
  /** 'offline' or 'openai:<model>', shown by /api/health. */
  readonly name: string;
  /**
   * Streams the reply to the last user turn of `history` as text deltas. Stops when `signal`
   * aborts. Upstream failures are thrown as AppError (upstream / unavailable / timeout).
   */
  streamReply(history: ChatTurn[], options?: StreamReplyOptions): AsyncIterable<string>;
  /**
   * Throws AppError 503 when no call may be made now (the day's token budget is spent, or the
   * model keeps failing): callers ask first, so nothing is stored for a message that cannot be
   * answered. Costs no upstream call. Absent on models that are always available; the configured
   * model never throws it (the offline clone answers instead) but still reads the budget here.
   * `known` carries the day's tokens when the caller has just read them.
   */
  assertAvailable?(known?: { tokensSpent?: TokensSpent }): Promise<void>;
}
