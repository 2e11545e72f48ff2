import type { ProfileFile } from '../../../shared/content';
import { DEFAULT_PROMPT_BUDGET_TOKENS } from '../../lib/prompt-budget';
import type { ChatTurn, ReplyChannel } from './chat-model';
import type { KnowledgeIndex, Passage } from './knowledge-index';
import {
  isCaseStudyLike,
  joinParts,
  renderExtraNotes,
  renderIntro,
  renderKnowledge,
  renderRules,
  renderSection,
} from './prompt-sections';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface PromptOptions {
  /** Largest prompt, in estimated tokens, that carries the whole knowledge (CLONE_PROMPT_BUDGET_TOKENS). */
  budgetTokens?: number;
  /** 'voice' renders the knowledge and the rules for a live call. 'chat' unless given. */
  channel?: ReplyChannel;
}

export interface PromptMessagesOptions extends PromptOptions {
  /** The owner's date ("Tuesday, November 24, 2026"), so "are you free next Friday?" has an answer. */
  today?: string;
}

/** How much of the conversation the model sees: the most recent turns within both limits. */
export const MAX_HISTORY_TURNS = 20;
export const MAX_HISTORY_CHARS = 12_000;
/** Passages retrieved for the latest question, and for the visitor turn before it, over budget. */
export const MAX_RETRIEVED_PASSAGES = 6;
export const MAX_FOLLOW_UP_PASSAGES = 3;
/** The best passages for the latest question, sent even when the essentials fill the budget. */
export const MIN_KEPT_PASSAGES = 2;

/** A rough estimate, good enough for a budget: about four characters a token in English. */
const CHARS_PER_TOKEN = 4;
export const estimateTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * Sections every visitor needs, recognised by their heading whoever wrote the content: rates and
 * prices, availability, services and the offer, how to work together and book, the site's voice
 * plans, who is answering. Case studies are recognised by their outcome field instead.
 */
const ESSENTIAL_HEADING =
  /\b(rates?|pric(?:e|es|ing)|fees?|costs?|budgets?|payments?|availab\w*|capacity|services?|offer\w*|book\w*|schedul\w*|plans?|subscri\w*|voice|engagements?|hire|hiring|who|work together|what i do)\b/i;

/**
 * The chat-completions messages for a reply: one system message, then the bounded recent history.
 * The system message is the same for every visitor and question (persona, profile facts, all the
 * knowledge, the rules), so the provider's prompt caching applies to it. Only when the whole prompt
 * would outgrow `budgetTokens` does it carry the essential sections plus the passages retrieved for
 * the latest question (and the visitor turn before it, for a follow-up), those after the rules so
 * the start stays cacheable. Visitor text only ever appears in user messages.
 */
export function buildPromptMessages(
  history: ChatTurn[],
  profile: ProfileFile,
  index: KnowledgeIndex,
  { today, ...options }: PromptMessagesOptions = {},
): PromptMessage[] {
  const turns = boundHistory(history);
  const prompt = buildSystemPrompt(profile, index, {
    ...options,
    historyChars: turns.reduce((sum, turn) => sum + turn.content.length, 0),
    questions: turns.filter((turn) => turn.role === 'user').map((turn) => turn.content),
  });
  return [
    { role: 'system', content: today ? withDate(prompt, today) : prompt },
    ...turns.map((turn) => ({ role: turn.role, content: turn.content })),
  ];
}

let dated = { prompt: '', today: '', system: '' };

/**
 * The prompt with the owner's date: it changes daily, so it goes last, after the part the provider
 * caches. The same prompt on the same day gives the same string, whose JSON the request keeps
 * (completion-body.ts) rather than making it again for every message.
 */
function withDate(prompt: string, today: string): string {
  if (dated.prompt !== prompt || dated.today !== today)
    dated = { prompt, today, system: `${prompt}\n\nToday is ${today} in my time zone.` };
  return dated.system;
}

/**
 * Keeps the newest turns: at most MAX_HISTORY_TURNS and MAX_HISTORY_CHARS characters. The latest
 * turn is always kept (a visitor message is at most 4,000 characters). The kept history starts
 * with a visitor turn, as chat models expect.
 */
export function boundHistory(
  history: ChatTurn[],
  { maxTurns = MAX_HISTORY_TURNS, maxChars = MAX_HISTORY_CHARS } = {},
): ChatTurn[] {
  const kept: ChatTurn[] = [];
  let chars = 0;
  for (let i = history.length - 1; i >= 0 && kept.length < maxTurns; i--) {
    const turn = history[i]!;
    if (kept.length > 0 && chars + turn.content.length > maxChars) break;
    kept.unshift(turn);
    chars += turn.content.length;
  }
  while (kept.length > 1 && kept[0]!.role !== 'user') kept.shift();
  return kept;
}

export interface SystemPromptOptions extends PromptOptions {
  /** Characters of the messages sent after the system message: they count against the budget. */
  historyChars?: number;
  /**
   * The visitor's messages, latest last: what retrieval looks for when the knowledge does not fit.
   * Without any (the voice assistant, configured before a call), the remaining budget takes the
   * other sections in their usual order instead.
   */
  questions?: string[];
}

/**
 * The system prompt: persona, profile facts, the knowledge and the rules, written for the screen
 * ('chat') or for speech ('voice'). Also the voice assistant's whole prompt.
 */
export function buildSystemPrompt(
  profile: ProfileFile,
  index: KnowledgeIndex,
  {
    budgetTokens = DEFAULT_PROMPT_BUDGET_TOKENS,
    channel = 'chat',
    historyChars = 0,
    questions = [],
  }: SystemPromptOptions = {},
): string {
  const budgetChars = budgetTokens * CHARS_PER_TOKEN - historyChars;
  const { knowledge, whole, stable } = renderStableParts(profile, index, channel);
  if (whole.length <= budgetChars) return whole;

  const isSentWhole = (passage: Passage) => isEssentialSection(passage) && !isCaseStudyLike(passage);
  const isUseful = (passage: Passage) => isOwnerKnowledge(passage) && !isSentWhole(passage);
  const isRetrieved = questions.length > 0;
  const { required, optional } = isRetrieved
    ? retrieveForQuestions(index, questions, isUseful)
    : { required: [], optional: knowledge.filter(isUseful) };
  const headingChars = renderExtraNotes([], channel, isRetrieved).length + 2;
  const extra = [
    ...required,
    ...fitWithinBudget(
      optional,
      channel,
      budgetChars - stable.length - headingChars - sizeOf(required, channel),
    ),
  ];
  if (extra.length === 0) return stable;
  return joinParts([stable, renderExtraNotes(extra, channel, isRetrieved)]);
}

interface StableParts {
  knowledge: Passage[];
  /** The prompt with all the knowledge. */
  whole: string;
  /** The prompt with the essentials only, before any retrieved notes. */
  stable: string;
}

// The knowledge never changes while the server runs: each channel's prompt is rendered once, not
// for every message.
const rendered = new WeakMap<KnowledgeIndex, WeakMap<ProfileFile, Map<ReplyChannel, StableParts>>>();

function renderStableParts(profile: ProfileFile, index: KnowledgeIndex, channel: ReplyChannel): StableParts {
  const byProfile = rendered.get(index) ?? new WeakMap<ProfileFile, Map<ReplyChannel, StableParts>>();
  rendered.set(index, byProfile);
  const byChannel = byProfile.get(profile) ?? new Map<ReplyChannel, StableParts>();
  byProfile.set(profile, byChannel);
  const cached = byChannel.get(channel);
  if (cached) return cached;

  const knowledge = orderKnowledge(index.passages);
  const essentials = knowledge.filter((passage) => isCaseStudyLike(passage) || isEssentialSection(passage));
  const withKnowledge = (part: string) =>
    joinParts([renderIntro(profile, channel), part, renderRules(profile, channel)]);
  const parts = {
    knowledge,
    whole: withKnowledge(renderKnowledge(knowledge, channel, 'whole')),
    stable: withKnowledge(renderKnowledge(essentials, channel, 'essentials')),
  };
  byChannel.set(channel, parts);
  return parts;
}

/** A section every visitor may need (rates, availability, services, booking, plans...). */
export function isEssentialSection(passage: Passage): boolean {
  return ESSENTIAL_HEADING.test(passage.title);
}

/** Knowledge file sections; the profile's own passages repeat the facts already listed. */
function isOwnerKnowledge(passage: Passage): boolean {
  return passage.source !== 'profile.json';
}

/** The knowledge files' sections in their order (the site's own document is the last file). */
function orderKnowledge(passages: Passage[]): Passage[] {
  return passages.filter(isOwnerKnowledge);
}

/**
 * The passages for the latest visitor message, then for the one before it: a follow-up ("and for
 * a startup?", "tell me more") often has no words of its own to search with. The best few are
 * `required`: sent even when the essentials alone fill the budget, or the question goes unanswered.
 */
function retrieveForQuestions(
  index: KnowledgeIndex,
  questions: string[],
  isUseful: (passage: Passage) => boolean,
): { required: Passage[]; optional: Passage[] } {
  const search = (question: string | undefined, limit: number) =>
    index
      .search(question ?? '', { limit: limit + 4 })
      .map((hit) => hit.passage)
      .filter(isUseful)
      .slice(0, limit);
  const latest = search(questions.at(-1), MAX_RETRIEVED_PASSAGES);
  const previous = search(questions.at(-2), MAX_FOLLOW_UP_PASSAGES);
  const required = new Set([...latest.slice(0, MIN_KEPT_PASSAGES), ...previous.slice(0, 1)]);
  const optional = new Set([...latest, ...previous].filter((passage) => !required.has(passage)));
  return { required: [...required], optional: [...optional] };
}

/** The passages that fit in `budgetChars`, in order (a smaller one may fit after a larger one did not). */
function fitWithinBudget(passages: Passage[], channel: ReplyChannel, budgetChars: number): Passage[] {
  const kept: Passage[] = [];
  let left = budgetChars;
  for (const passage of passages) {
    const size = sizeOf([passage], channel);
    if (size > left) continue;
    kept.push(passage);
    left -= size;
  }
  return kept;
}

const sizeOf = (passages: Passage[], channel: ReplyChannel) =>
  passages.reduce((sum, passage) => sum + renderSection(passage, channel).length + 2, 0);
