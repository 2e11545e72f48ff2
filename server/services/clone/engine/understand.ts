import type { ReplyChannel } from '../chat-model';
import { ENGLISH, fold, hasAnyPhrase, opensWithPhrase, SMALL_TALK, type Language } from './language-data';
import { askedTypes, countedUnitOf, typeOfWord, type AnswerType } from './answer-types';
import type { Knowledge } from './knowledge';
import { detectLanguage, expandShorthand, saysOnly, withoutFillers } from './message-reading';
import { correctPhrases, splitJoinedWords } from './spelling';
import { splitWords } from './terms';

import { ignoredWords, readPhrases, readWords, type Slot } from './read-slots';

export type { Slot } from './read-slots';

export interface Question {
  text: string;
  language: Language;
  slots: Slot[];
  concepts: Set<string>;
  /** Only a greeting, thanks or goodbye: no topic at all. */
  smallTalk?: (typeof SMALL_TALK)[number];
  wantsList: boolean;
  wantsProject: boolean;
  /** The kinds of fact asked for: "how much…" a number, "what's it called?" a name. */
  asks: ReadonlySet<AnswerType>;
  /** What a "how many…" question counts ("year" in "how many years…"), when the content counts it. */
  countedUnit?: string;
  /** The index into a list an ordinal names ("the second one": 1), as Array.at takes it: -1 for the last. */
  listIndex?: number;
  /** Opens with "and for…", "what about…": it carries the previous question on. */
  isFollowUp: boolean;
  /** It says "it", "that", "them": it points at what was said before. */
  refersBack: boolean;
  /** Where the reply is read: a spoken one cannot point at the screen. */
  channel?: ReplyChannel;
}

/** Reads a visitor's message into what the engine searches for. */
export function understand(text: string, knowledge: Knowledge, language = detectLanguage(text)): Question {
  const folded =
    language === ENGLISH
      ? correctPhrases(
          splitJoinedWords(withoutFillers(expandShorthand(fold(text)), language), knowledge.words),
        )
      : withoutFillers(fold(text), language);
  const concepts = new Set<string>();
  const ignored = ignoredWords(language, knowledge);
  const { slots, rest } = readPhrases(folded, language, knowledge, concepts);
  slots.push(...readWords(text, folded, rest, language, knowledge, concepts));

  const words = splitWords(folded);
  const smallTalk =
    slots.length === 0 ? SMALL_TALK.find((kind) => saysOnly(folded, language[kind], ignored)) : undefined;
  const asks = askedTypes(folded, language, concepts, new Set(slots.map((slot) => slot.word)));
  const wantsNumber = asks.has('number');
  // "name", "when": a word that says what kind of fact is asked tells little about the topic.
  // A question word and function words ("what do you do") are the frame of a question: beside a
  // topic ("...in your free time?") they say little of what is asked, unless they ask a price.
  const isFrame = (slot: Slot) => {
    const said = splitWords(slot.word);
    return (
      !ENGLISH.data.moneyConcepts?.includes(slot.concept ?? '') &&
      language.questionWords.includes(said[0] ?? '') &&
      said.every((word) => language.stopWords.has(word) || ENGLISH.stopWords.has(word))
    );
  };
  const hasTopic = slots.some((slot) => !isFrame(slot));
  for (const slot of slots) {
    slot.answerType = typeOfWord(slot.word, language);
    if (slot.answerType || (hasTopic && isFrame(slot))) slot.weight *= 0.3;
  }
  const ordinalIndex = language.ordinals.findIndex((ordinal) => words.includes(ordinal));
  const listIndex = ordinalIndex === -1 ? undefined : ordinalIndex % 6;
  const refersBack = hasAnyPhrase(folded, [...language.references, ...ENGLISH.references]);
  return {
    text,
    language,
    slots: inOwnSense(mergeConcepts(slots), knowledge),
    concepts,
    smallTalk,
    wantsList:
      hasAnyPhrase(folded, language.listWords) ||
      // A plural asked for ("which industries...", "tell me about your projects"), not one said on
      // the way ("do you charge VAT on your invoices?").
      (slots.some((slot) => slot.isPlural && slot.isAskedThing) && !wantsNumber),
    wantsProject:
      hasAnyPhrase(folded, [...language.projectWords, ...ENGLISH.projectWords]) ||
      slots.some((slot) => ENGLISH.projectWords.includes(slot.word)),
    asks,
    countedUnit: wantsNumber ? countedUnitOf(folded, language, knowledge.counted) : undefined,
    listIndex: hasAnyPhrase(folded, language.lastOrdinals) ? -1 : listIndex,
    // "and for a startup?", "how accurate was it?": it carries the previous question on.
    isFollowUp:
      opensWithPhrase(folded.trimStart(), language.followUps) ||
      words.length <= 4 ||
      (words.length <= 8 && refersBack),
    refersBack,
  };
}

/**
 * A word of a concept that the content only says beside another ("master" of "master services
 * agreement") is, when the question lacks that other, of the concept's sense ("master's degree"):
 * it counts where the content says it as any word of the concept does, not as the visitor's own.
 */
function inOwnSense(slots: Slot[], knowledge: Knowledge): Slot[] {
  const said = new Set(slots.flatMap((slot) => [...slot.own, ...(slot.ownPhrase ?? [])]));
  return slots.map((slot) => {
    if (!slot.concept) return slot;
    const otherSense = slot.own.filter(
      (stem) => knowledge.boundTo.has(stem) && !said.has(knowledge.boundTo.get(stem)!),
    );
    if (otherSense.length === 0) return slot;
    const own = slot.own.filter((stem) => !otherSense.includes(stem));
    return { ...slot, own, related: [...slot.related, ...otherSense.map((stem) => [stem])] };
  });
}

/** Words of one concept ("languages", "speak") are one thing asked, not two. */
function mergeConcepts(slots: Slot[]): Slot[] {
  const merged: Slot[] = [];
  for (const slot of slots) {
    const same = slot.concept ? merged.find((other) => other.concept === slot.concept) : undefined;
    if (!same) merged.push({ ...slot });
    else {
      same.own = [...new Set([...same.own, ...slot.own])];
      if (!same.ownPhrase?.length) same.ownPhrase = slot.ownPhrase;
      same.stems = [...new Set([...same.own, ...same.stems, ...slot.stems])];
      same.related = [...same.related, ...slot.related];
      same.weight = Math.max(same.weight, slot.weight);
      same.word = `${same.word} ${slot.word}`;
      same.isPlural ||= slot.isPlural;
    }
  }
  return merged;
}
