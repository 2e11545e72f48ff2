import type { ProfileFile } from '../../../../shared/content';
import type { AnswerUnit, UnitHit, UnitSearch } from '../answer-units';
import { isCaseStudy, type KnowledgeIndex, type Passage } from '../knowledge-index';
import { isFramingTerm, isProjectWord, meaningfulTerms } from '../text-terms';
import { fromUnits, summarise, type Answer } from './answer';
import {
  answersCount,
  answersMoney,
  answersWhatIsAsked,
  answersWhen,
  answersChargeAsked,
  unitCounting,
  unitsGivingShare,
  asksForUnknownNoun,
  namesWhatIsAsked,
} from './asked-for';
import { withPrices } from './answer-prices';
import { askedPart, partOfStudy, asksForField, chooseProjects } from './answer-projects';
import { ASKS_WHEN_IN_PAST, preferCaseStudies, preferDates, preferNames, preferPrices } from './prefer-units';
import { findUnits, focusTerms, isSaidOutsideProjects, isSpecific, pickUnits } from './select-units';
import { answerFromNearest } from './answer-nearest';
import { halfOfTitle, withDirectAnswer } from './section-parts';
import { projectOverview, summariseCaseStudy } from './render';
import type { VisitorMessage } from './understand-message';

// One clause of a visitor's question, answered from the content: the projects it asks for, the
// sentences that say what it asks, one part of a project or of a section, or the nearest section
// for a question about the owner's own work.

const BROAD_PROJECTS =
  /\b((what|which) (kinds? |types? |sorts? )?of (ai |genai |enterprise )?(solutions|projects|systems|work|clients|things)|(what|which) (solutions|projects|systems|clients)|(your|some|recent|past|previous|notable|example|best|biggest|largest|favou?rite|proudest|most \w+) (projects?|work|clients|solutions)(?! (wraps?|ends?|finish\w*|goes|go|runs?|is over|are over|starts?|begins?))|case stud\w*|portfolio|examples? of|(have you|did you|you've|ever) (ever |actually |really |already )?(built|delivered|done|worked on|helped|automated|solved)|worked on|(built|done|delivered) for|\b(any )?experi\w*nce (with|in|w) (banks?|insurers?|insurance|hospitals?|healthcare|manufactur\w*|fintechs?|retail|legal)|proyectos|projekte|projets)\b/;

/** "What have you built for a manufacturer?": a question after the owner's projects. */
export function asksAboutProjects(query: string): boolean {
  return BROAD_PROJECTS.test(query.toLowerCase());
}

/** The projects a question about projects asks for, as the overview or their summaries. */
function answerAboutProjects(
  query: string,
  message: VisitorMessage,
  search: UnitSearch,
  index: KnowledgeIndex,
  profile: ProfileFile,
): Answer | undefined {
  const choice = chooseProjects(focusTerms(query, message), message.names, search, index, profile);
  if (!choice) return undefined;
  const part = choice.studies.length === 1 && partAsked(choice.studies[0]!, query, message, index);
  if (part) return fromUnits([part], message);
  if (choice.summarise) {
    const summaries = choice.studies.map((study) => summarise(study, message, index));
    return { ...summaries[0]!, text: summaries.map((summary) => summary.text).join('\n\n') };
  }
  return {
    text: projectOverview(profile, choice.studies, choice.lead),
    topic: 'projects',
    isSalesTopic: true,
    isOverview: true,
  };
}

/**
 * The words a reply must match to count as an answer: not those a phrase stood for that the
 * content never uses ("charge": the phrase's "rates" answers for it), nor where the visitor is
 * ("we sit in Berlin").
 */
function termsToMatch(search: UnitSearch, message: VisitorMessage): UnitSearch {
  const understood = new Set(message.understood);
  const terms = search.terms.filter((term) => !understood.has(term) || search.isKnown(term));
  return terms.length > 0 ? { ...search, terms } : search;
}

/**
 * "When did you start freelancing?" asks when the freelancing began: "start" frames a question
 * about the past, where it would name the start of a new project ("when can you start?").
 */
function searchedFor(query: string): string {
  if (!ASKS_WHEN_IN_PAST.test(query)) return query;
  const rest = query.replace(/\b(?:first )?(?:start|started|begin|began)\b(?= [a-z])/g, ' ');
  return meaningfulTerms(rest).length > 0 ? rest : query;
}

export function answerClause(
  query: string,
  message: VisitorMessage,
  index: KnowledgeIndex,
  profile: ProfileFile,
): Answer | undefined {
  const answer = findAnswer(query, message, index, profile);
  return answer && answersMoney(message.question, answer.text) ? answer : undefined;
}

function findAnswer(
  query: string,
  message: VisitorMessage,
  index: KnowledgeIndex,
  profile: ProfileFile,
): Answer | undefined {
  const search = preferNames(
    preferDates(
      preferCaseStudies(preferPrices(termsToMatch(findUnits(index, searchedFor(query)), message)), query),
      query,
    ),
    query,
  );
  const asksForProjects =
    // "The cloud side of your work" is one area of it, not the projects; "which sectors have most
    // of your clients been in?" asks the industries.
    !/\bhow many\b|\bdelivered enterprise solutions\b|\b(side|part|area|aspect)s? of (your|ur) work\b|\b(which|what) (industries|sectors|verticals)\b/.test(
      query,
    ) &&
    (BROAD_PROJECTS.test(query.toLowerCase()) ||
      (message.language !== 'en' &&
        /^(project|built)( (project|built))*$/.test(meaningfulTerms(message.focus).join(' ')) &&
        // "Which language models do you use in your projects?" asks for the models.
        !meaningfulTerms(message.query).some((term) => /^(llm|model|stack|tool|cloud)/.test(term))));
  // "Which compliance reviews have your projects passed?": the sentence that says it answers.
  if (asksForProjects && !isSaidOutsideProjects(search) && index.caseStudies.length > 0) {
    const projects = answerAboutProjects(query, message, search, index, profile);
    if (projects) return projects;
  }
  // "What does the Cloud & Infrastructure side cover?" names a section by its heading; not in
  // words a phrase stood for ("the slow-tail response time" is the p95 latency).
  const named = index.passages.find(
    (passage) =>
      !isCaseStudy(passage) &&
      !passage.title.endsWith('?') &&
      meaningfulTerms(passage.title).length >= 2 &&
      message.question.toLowerCase().includes(passage.title.toLowerCase()) &&
      !meaningfulTerms(passage.title).every((term) => message.understood.includes(term)),
  );
  // "By how much did the support copilot's first response time drop?" is about that project.
  const aboutProject = search.hits[0] && isCaseStudy(search.hits[0].unit.passage);
  if (named && !aboutProject) return summarise(named, message, index);
  const confident = pickUnits(index, search, { names: message.names });
  // The price words a phrase stood for count ("what would that run us?").
  const priced = withPrices(confident, search, index, meaningfulTerms(query));
  const picked = priced && unitsGivingShare(query, priced);
  if (!picked) return answerFromNearest(query, message, search, index);
  if (!answersWhatIsAsked(message.question, picked) || !namesWhatIsAsked(message.question, picked))
    return undefined;
  if (!answersCount(query, picked) || !answersWhen(query, picked)) return undefined;
  if (!answersChargeAsked(message.question, picked)) return undefined;
  // Not when a phrase of the question was understood as the content's words ("timezone").
  if (message.language === 'en' && asksForUnknownNoun(message, search.isKnown)) return undefined;
  if (!confident) return fromUnits(withDirectAnswer(picked, message, index), message);
  const lead = picked[0]!;
  // "On these days I don't work:" says nothing without its list.
  const opensList = picked.find((unit) => !unit.isListItem && unit.text.endsWith(':'));
  if (opensList) return summarise(opensList.passage, message, index);
  const sectionText = index.units.units
    .filter((unit) => unit.passage === lead.passage)
    .map((unit) => unit.text)
    .join(' ');
  // A project described rather than asked about ("have you automated claims e-mails?") gets its
  // summary; its client, problem, solution, stack or outcome only when the question asks for it.
  // "What year did you go freelance?" is answered by the one line that dates it.
  // The sentence that matched, when the one before it leads ("That usually means…").
  const leadHit = (search.hits.find((hit) => hit.unit === lead) ??
    search.hits.find((hit) => picked.includes(hit.unit)))!;
  if (leadHit.isPreferred && ASKS_WHEN_IN_PAST.test(query)) return fromUnits([lead], message);
  // "How many contracts…?": the part of the project that says the number asked about.
  // ("How mny…" is spelled out in the query only.)
  const asksHowMany =
    /\bhow (many|much)\b/i.test(message.question) ||
    (message.language === 'en' && /\bhow (many|much)\b/i.test(query));
  if (isCaseStudy(lead.passage)) {
    const fields = index.units.units.filter((unit) => unit.passage === lead.passage && unit.key);
    if (lead.key && asksHowMany) return fromUnits([unitCounting(query, fields) ?? lead], message);
    // "Wie viele Juristen…?", read as "how many lawyers": the part that counts them, if one does.
    const counting = FOREIGN_HOW_MANY.test(message.question) && unitCounting(query, fields);
    if (counting) return fromUnits([counting], message);
  }
  const part = isCaseStudy(lead.passage) && partAsked(lead.passage, query, message, index);
  if (part) return fromUnits([part], message);
  // A phrase of the question that alone meant this part asks for it too ("how did you know it was
  // any good?": the evaluation harness of the stack).
  const ownWords = new Set(meaningfulTerms(message.focus));
  const meantByPhrase =
    message.language === 'en' &&
    leadHit.exactTerms.length > 0 &&
    leadHit.exactTerms.every((term) => !ownWords.has(term));
  if (isCaseStudy(lead.passage) && lead.key && !asksForField(lead.key, search.terms) && !meantByPhrase) {
    // "Did the hospital project send patient records to a public API?": the part that says what
    // the summary leaves out answers it.
    return message.language === 'en' && saysMoreThanSummary(leadHit, ownWords)
      ? fromUnits([lead], message)
      : summarise(lead.passage, message, index);
  }
  // A sentence lifted for what the question asks (an amount, a date, the names) is the answer;
  // a list item so lifted still brings its list when the question names the whole section.
  if (
    !(leadHit.isPreferred && !lead.isListItem) &&
    !isSpecific(
      leadHit,
      [...focusTerms(query, message), ...keptAsWritten(query, message, search)],
      sectionText,
      {
        // In English a question whose words all stood for a phrase is judged by the phrase's words;
        // in another language the lexicon's words are all there is (cognates do not count).
        fallback: message.language === 'en' ? search.terms : [],
      },
    )
  ) {
    const half = halfOfTitle(lead.passage, search, index);
    return half.length > 0 ? fromUnits(half, message) : summarise(lead.passage, message, index);
  }
  return fromUnits(withDirectAnswer(picked, message, index), message);
}

/** Whether a case study's part matched two of the question's own words its summary does not say. */
function saysMoreThanSummary(hit: UnitHit, ownWords: ReadonlySet<string>): boolean {
  const study = hit.unit.passage;
  const summary = new Set(meaningfulTerms(summariseCaseStudy(study)));
  const title = new Set(meaningfulTerms(study.title));
  const beyond = hit.exactTerms.filter(
    (term) =>
      ownWords.has(term) &&
      !summary.has(term) &&
      !title.has(term) &&
      !isProjectWord(term) &&
      !isFramingTerm(term),
  );
  return beyond.length >= 2;
}

/**
 * In another language, words kept as written that the content says as they are ("Was kostet ein
 * Proof of Concept?"): the visitor's own words, which narrow the question as theirs do.
 */
function keptAsWritten(query: string, message: VisitorMessage, search: UnitSearch): string[] {
  if (message.language === 'en') return [];
  const translated = new Set(meaningfulTerms(message.focus));
  return meaningfulTerms(query).filter(
    (term) => message.understood.includes(term) && !translated.has(term) && search.isKnown(term),
  );
}

/**
 * The one part of a case study ("who was the client?", "how did you build it?") the question asks
 * for, when it names the project ("the support copilot") rather than happens to match it.
 */
const FOREIGN_HOW_MANY = /\b(wie ?viele?n?|combien|cu[aá]nt[oa]s)\b/i;

function partAsked(
  study: Passage,
  query: string,
  message: VisitorMessage,
  index: KnowledgeIndex,
): AnswerUnit | undefined {
  const focus = focusTerms(query, message);
  const titleTerms = meaningfulTerms(study.title).filter((term) => !isProjectWord(term));
  if (!focus.some((term) => titleTerms.includes(term))) return undefined;
  // "How many wards is the summary tool used on?": the part that counts them, whatever else it names.
  const counting = unitCounting(
    query,
    index.units.units.filter((unit) => unit.passage === study && unit.key),
  );
  if (counting) return counting;
  // "The fintech GPU platform": words of the project's own title ask for no part of it.
  const part = askedPart(
    focus.filter((term) => !titleTerms.includes(term)),
    message.question,
  );
  return part ? partOfStudy(study, part, index) : undefined;
}
