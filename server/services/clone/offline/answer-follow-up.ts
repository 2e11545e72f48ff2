import type { AnswerUnit, UnitHit, UnitSearch } from '../answer-units';
import { isCaseStudy, type KnowledgeIndex } from '../knowledge-index';
import { isProjectWord, meaningfulTerms } from '../text-terms';
import { relatedTerms } from '../related-terms';
import { asksForField } from './answer-projects';
import { unitCounting } from './asked-for';
import type { FollowUp } from './follow-up';
import { hasAmount, isPriceTerm, preferPrices } from './prefer-units';
import { findUnits, pickUnits } from './select-units';
import { splitQuestions } from './split-questions';
import type { VisitorMessage } from './understand-message';

// Which of the content's sentences answer a follow-up, given what the previous reply was about.

/** The weight of the terms a unit's own words say (its section heading not counted). */
function saidWeight(unit: AnswerUnit, terms: string[], search: UnitSearch): number {
  const said = meaningfulTerms(`${unit.key ?? ''} ${unit.value ?? unit.text}`);
  return terms
    .filter((term) => said.some((word) => word === term || (term.length >= 4 && word.startsWith(term))))
    .reduce((sum, term) => sum + search.weightOf(term), 0);
}

/**
 * A follow-up asks about the previous subject. With words of its own ("how long would that
 * take?"), the previous reply's sections answer it when they say those words; otherwise the
 * content at large does, searched with the previous question's subject too, and the answer must
 * say something of both. Without words of its own ("and for us?"), the previous reply's sections
 * answer it. A weak follow-up (a question that only points back) is answered here only from the
 * previous sections' own words.
 */
export function answerFollowUp(
  message: VisitorMessage,
  followUp: FollowUp,
  index: KnowledgeIndex,
): AnswerUnit[] | undefined {
  // The follow-up's own words, or the words its phrase stood for ("anything off that?": discount).
  const ownTerms =
    meaningfulTerms(message.focus).length > 0
      ? meaningfulTerms(message.focus)
      : meaningfulTerms(message.query);
  // The chosen sentence leads; close ones of its section (the other degrees of a list) may join.
  const answerWith = (search: UnitSearch, hit: UnitHit | undefined) =>
    hit
      ? pickUnits(
          index,
          {
            ...search,
            hits: [
              hit,
              ...search.hits.filter(
                (other) =>
                  other !== hit && other.score <= hit.score && other.unit.passage === hit.unit.passage,
              ),
            ],
          },
          { requireConfidence: false },
        )
      : undefined;

  if (ownTerms.length === 0) {
    if (followUp.isWeak) return undefined;
    const inContext = findUnits(index, `${followUp.previousQuery} ${message.query}`, followUp.subjectUnitIds);
    return answerWith(inContext, inContext.hits[0]);
  }

  const currentTerms = meaningfulTerms(message.query);
  // "What tech did you use for it?" after a project: that project's stack, said as it is.
  const field = askedField(followUp, currentTerms, index, message);
  // "How many hospitals did it have, and which standard did you integrate with?": a part each.
  const clauses = splitQuestions(message.question);
  const fields =
    clauses.length > 1
      ? clauses.map((clause) =>
          askedField(followUp, meaningfulTerms(clause), index, {
            ...message,
            question: clause,
            query: clause,
            focus: clause,
          }),
        )
      : [];
  if (fields.length > 1 && fields.every(Boolean)) return [...new Set(fields as AnswerUnit[])];
  if (field) return [field];

  const subjectTerms = meaningfulTerms(followUp.previousQuery).filter((term) => !currentTerms.includes(term));
  const combined = findUnits(
    index,
    `${followUp.previousQuery} ${message.query}`,
    undefined,
    followUp.passageIds,
  );
  // "How much does that cost?": the amount for the previous subject, wherever the content says it.
  if (currentTerms.some(isPriceTerm)) {
    const priced = preferPrices(combined, subjectTerms).hits[0];
    if (priced && hasAmount(priced.unit)) return answerWith(combined, priced);
  }

  const inContext = findUnits(index, message.query, followUp.subjectUnitIds);
  // Of the subject's sentences, the one whose own words say most of the follow-up (rare words
  // weigh more; the heading they share says nothing) leads.
  const saysOwnWord = inContext.hits
    .map((hit) => ({ hit, says: saidWeight(hit.unit, ownTerms, inContext) }))
    .filter((candidate) => candidate.says > 0)
    .sort((a, b) => b.says - a.says || b.hit.score - a.hit.score)[0]?.hit;
  if (saysOwnWord || followUp.isWeak) return answerWith(inContext, saysOwnWord);

  const both = combined.hits.find(
    (hit) =>
      hit.matchedTerms.some((term) => currentTerms.includes(term)) &&
      hit.matchedTerms.some((term) => subjectTerms.includes(term)),
  );
  // In the previous sections, through a related word ("technologies" for "Stack") or the words
  // the follow-up's phrases stand for ("save" for the outcome).
  const related =
    inContext.hits.find((hit) => hit.relatedMatches.some((term) => ownTerms.includes(term))) ??
    inContext.hits.find((hit) => hit.exactTerms.some((term) => currentTerms.includes(term)));
  const candidates = [
    ...(both ? [{ search: combined, hit: both }] : []),
    ...(related ? [{ search: inContext, hit: related }] : []),
  ].sort((a, b) => b.hit.score - a.hit.score);
  if (candidates[0]) return answerWith(candidates[0].search, candidates[0].hit);
  // Elsewhere in the content, something that says the follow-up's own words ("which time zone is
  // that?"); if nothing does, the previous subject is still the best answer.
  const elsewhere = combined.hits.find((hit) => hit.exactTerms.some((term) => ownTerms.includes(term)));
  if (elsewhere) return answerWith(combined, elsewhere);
  const again = findUnits(index, `${followUp.previousQuery} ${message.query}`, followUp.subjectUnitIds);
  return answerWith(again, again.hits[0]);
}

const FIELD_ORDER = ['stack', 'outcome', 'client', 'problem', 'solution'];
const ASKS_WHAT_CHANGED =
  /\bhow (many|much|long|fast|quickly|big|well|widely)\b|\b(before|afterwards?|affected|incidents?|(ended|end|ends) up|in the end|adoption|uptake|usage|used)\b/i;

/** The field of the previous reply's case study that a follow-up asks for, when there was one case study. */
function askedField(
  followUp: FollowUp,
  terms: string[],
  index: KnowledgeIndex,
  { question, query, focus }: VisitorMessage,
): AnswerUnit | undefined {
  const studies = new Set(
    index.units.units
      .filter((unit) => followUp.subjectUnitIds.has(unit.id) && isCaseStudy(unit.passage))
      .map((unit) => unit.passage),
  );
  if (studies.size !== 1) return undefined;
  const [study] = studies;
  // "How many people use it?", "how long did it take before?", "were customers affected?": what
  // changed is in the outcome (a price is not: the case studies state none).
  // A field that states a number with the question's own words answers first ("how many
  // contracts?": the problem's "40,000 supplier contracts").
  if (ASKS_WHAT_CHANGED.test(question) && !terms.some(isPriceTerm)) {
    const fields = index.units.units.filter((unit) => unit.passage === study && unit.key);
    // "How many hospitals?": the part that counts them ("five hospitals"), in words or digits.
    const counting = unitCounting(question, fields);
    if (counting) return counting;
    // Of those, the one saying most of the question's words or words related to them ("less
    // happy": the outcome's "customer satisfaction").
    const related = relatedTerms(terms);
    const asked = new Set(
      terms.filter((term) => !isProjectWord(term)).flatMap((term) => [term, ...(related.get(term) ?? [])]),
    );
    const saying = (unit: AnswerUnit) =>
      meaningfulTerms(unit.value ?? '').filter((word) => asked.has(word)).length;
    const saysIt = fields
      .filter((unit) => /\d/.test(unit.value ?? '') && saying(unit) > 0)
      .sort((a, b) => saying(b) - saying(a))[0];
    return saysIt ?? fields.find((unit) => unit.key!.toLowerCase() === 'outcome');
  }
  // "Any problems for customers?" names two parts: the words the parts say decide instead.
  // A phrase understood as a part ("what did you build it on?": the stack) says which.
  const keys = FIELD_ORDER.filter((field) => asksForField(field, terms));
  const ownWords = meaningfulTerms(focus);
  // "And this passed which security review?": with no part named in the visitor's own words, the
  // part that says those words ("passed the network's HIPAA security review") answers, not one a
  // phrase's words name ("vendor reviews": the stack).
  const fields = index.units.units.filter((unit) => unit.passage === study && unit.key);
  const saysOwnWords = (unit: AnswerUnit) =>
    meaningfulTerms(unit.value ?? '').filter((word) => ownWords.includes(word) && !isProjectWord(word))
      .length;
  if (
    !FIELD_ORDER.some((field) => asksForField(field, ownWords)) &&
    fields.some((unit) => saysOwnWords(unit) >= 2)
  )
    return undefined;
  const phraseWords = meaningfulTerms(query).filter((term) => !ownWords.includes(term));
  const phrased = keys.filter((field) => asksForField(field, phraseWords));
  const key = keys.length === 1 ? keys[0] : phrased.length === 1 ? phrased[0] : undefined;
  if (!key) return undefined;
  const chosen = fields.find((unit) => unit.key!.toLowerCase() === key);
  // "What kind of models were they serving?" names the stack only loosely: the field that says
  // "models" (the client's "fraud-detection and document models") answers it; not when another
  // word names the stack too ("which model-serving engine?").
  const naming = terms.filter((term) => asksForField(key, [term]));
  const loose = naming.filter((term) => LOOSE_FIELD_WORDS.test(term));
  const says = (unit: AnswerUnit) => meaningfulTerms(unit.value ?? '').some((word) => loose.includes(word));
  if (chosen && loose.length > 0 && loose.length === naming.length && !says(chosen))
    return fields.find(says) ?? chosen;
  return chosen;
}

/** Words that point at a part of a case study only loosely: another part may say them outright. */
const LOOSE_FIELD_WORDS = /^models?$/;
