import { meaningfulTerms } from './text-terms';

// Visitors ask in their words, the content answers in the owner's: a question term (stemmed) that
// starts like one of these adds the group's words to the query at a lower weight, so "how much do
// you charge" reaches the "Rates" section and "healthcare" reaches a case study about a hospital.
// The groups are everyday vocabulary of the trade and its industries, never the names of this
// owner's projects, so another owner's content works without code changes.
const RELATED_TERMS: Array<[RegExp, string]> = [
  [/^(cost|pric|charg|fee|budget|expensive|cheap|quote|pay|paid|hourly|afford)/, 'rates price'],
  [/^(where|locat|based|live|city|state|country|area)/, 'based location'],
  [/^(availab|capacity|start|free$|busy|booked|schedul)/, 'availability booking start'],
  [/^(year|long|experien|background|career|senior|history)/, 'experience career'],
  [/^(stud|educat|degree|universit|college|school|certif)/, 'education certifications'],
  [/^(hire|hiring|engag|together|collaborat|partner|process|onboard|contract)/, 'work together engagement'],
  [/^(call|meet|book|contact|reach|email|e-mail|phone|talk)/, 'book call'],
  [/^(choos|pick|select)/, 'pick'],
  [/^(monday|tuesday|wednesday|thursday|friday)$/, 'weekdays'],
  // Results as visitors ask for them ("the biggest cost cut") and as outcomes state them.
  [/^(cut$|reduc|saving|slash|lower|shrink|decreas)/, 'fell dropped saved reduced outcome'],
  [/^(ship|launch|rolled)/, 'delivered'],
  [/^(overnight|nightly)/, 'nightly batch'],
  [/^(respon|respond|reply|fast|quick|speed|turnaround)/, 'response time'],
  // "Were their customers less happy?" is answered by what satisfaction did.
  [/^(happy|happi|unhappy|satisf|dissatisf|csat|nps|complain)/, 'customer satisfaction'],
  // "Which clouds?" is answered by the sentence that names them.
  [/^(cloud|infra|aws|azure|platform|host)/, 'cloud architecture aws azure'],
  [/^(genai|generative|llm|gpt|chatgpt|openai|model)/, 'generative llm model'],
  [/^(remote|onsite|on-site|travel|office|person$|plane|fly|flight|trip$)/, 'remote travel site'],
  // How work is checked and watched, as visitors ask and as engineers write it.
  [
    /^(check|verif|validat|qualit|accura|test|sign-off|approv)/,
    'reviewed review evaluation audited accuracy',
  ],
  [/^(monitor|observab|alert|dashboard|telemetr|uptime)/, 'monitoring observability prometheus grafana'],
  [/^(target|goal|kpi|objective|measur|success)/, 'measurable goals measure'],
  [/^(rag|retriev|search|vector|embedding)/, 'retrieval-augmented rag'],
  [/^(secur|privacy|private|gdpr|complian|soc)/, 'security privacy'],
  // Worries about data reaching a vendor are questions about privacy.
  [
    /^(nervous|worr|concern|afraid|fear|leak|sensitiv|confidential|records$)/,
    'data private privacy security',
  ],
  [/^(vendor|provider)/, 'data private training providers'],
  [/^(skill|stack|technolog|tool|language|framework|expertise)/, 'expertise stack languages'],
  // Industries and kinds of systems, as visitors and case studies name them.
  [
    /^(health|hospital|medic|clinic|patient|hipaa|doctor|physician|nurs|pharma|biotech|life-scien)/,
    'healthcare health hospital clinical medical patient',
  ],
  [/^(insur|claim|adjuster|underwrit|policyholder|actuar)/, 'insurance insurer claims underwriting'],
  [/^(legal|law|lawyer|attorney|contract|clause|agreement)/, 'legal lawyer contract contracts clause'],
  [/^(mountain|pile|backlog|heap|drown|swamp|flood)/, 'backlog overwhelmed'],
  [/^(bank|lend|loan|mortgage)/, 'bank banking financial'],
  [/^(fintech|payment|fraud)/, 'fintech financial payments fraud'],
  [/^financ/, 'financial finance fintech bank banking'],
  [/^(manufactur|factory|factories|industrial)/, 'manufacturing manufacturer industrial factory'],
  [/^(retail|ecommerce|e-commerce|shop|store$)/, 'retail e-commerce shop'],
  [/^(logistic|shipp|supply|warehous|freight)/, 'logistics supply chain shipping'],
  [/^(energy|utilit|oil|solar)/, 'energy utility'],
  [/^(telecom|telco|mobile-network)/, 'telecom telecommunications'],
  [/^(government|public-sector|municipal|federal|agency)/, 'government public sector'],
  [/^(legacy|mainframe|cobol|moderni[sz]|migrat)/, 'legacy modernisation modernization migration mainframe'],
  [/^(helpdesk|help-desk|ticket|customer-service)/, 'support help desk tickets'],
  [/^(chatbot|bot$)/, 'assistant copilot chatbot'],
  [/^(gpu|inference|serving|latency|vllm)/, 'gpu inference serving'],
  // Running costs as visitors complain about them ("our LLM bill is spiralling").
  [
    /^(spiral|balloon|skyrocket|explod|overrun|spend$|spending|burn$)/,
    'costs serving reduced caching batching',
  ],
  // Everyday engineering beyond AI.
  [
    /^(backend|back-end|integrat|api$|apis$|microservic|plumbing|etl$|pipelin)/,
    'integrations apis data platforms migrations',
  ],
  [/^(sharepoint|intranet|wiki|confluence)/, 'intranet knowledge sharepoint'],
];

/** The words these groups name, as written in their patterns and lists (the speller's known words). */
export function relatedVocabulary(): string[] {
  return RELATED_TERMS.flatMap(([pattern, words]) => [...wordsOf(pattern.source), ...wordsOf(words)]);
}

/** The whole words of a pattern's source or of a list ("\\bcharge\\b" gives "charge"). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/\\[a-z]/g, ' ')
      .match(/[a-z]{3,}/g) ?? []
  );
}

/** For each of a question's terms, the related words to search as well: stemmed, none of the question's own. */
export function relatedTerms(ownTerms: string[]): Map<string, string[]> {
  const own = new Set(ownTerms);
  return new Map(
    ownTerms.map((term) => {
      const extra = RELATED_TERMS.filter(([pattern]) => pattern.test(term)).flatMap(([, words]) =>
        meaningfulTerms(words),
      );
      return [term, [...new Set(extra)].filter((word) => !own.has(word))];
    }),
  );
}
