import type { ProfileFile } from '../../../shared/content';
import { withArticle } from './knowledge-index';

// What a visitor's question is about, recognised by phrasing, for the offline clone.

/**
 * Questions about these get the profile fact plus the best passage for the topic's query. Visitors
 * may ask about the owner by first name ("where is Alex?"): the profile's, matched lower-cased like
 * the question.
 */
export function factTopics(ownerFirstName: string) {
  const owner = escapeRegExp(ownerFirstName.toLowerCase());
  return {
    experience: {
      pattern:
        /\b(how (much|many years of) experience|years of experience|how long have you|how many years|how experienced|your (experience|background|career)(?!\s+(with|in|on|of)\b)|how many (projects|solutions|clients)|track record)\b/,
      query: 'career timeline',
    },
    location: {
      pattern: new RegExp(
        String.raw`\b(where (are|r) (you|u)|where do you (live|work)|where('s| is) (${owner}|he)|located|location|based (in|out of)|where .*\bbased\b|which (state|city|country)|what (state|city|country))\b`,
      ),
      query: 'based remotely travel',
    },
    timeZone: {
      pattern: /\b(time ?zones?|working hours|office hours|what hours)\b/,
      query: 'time zone',
    },
    remote: {
      pattern: /\b(remote(ly)?|on[- ]?site|in[- ]person|travel|relocat\w*|come to our office)\b/,
      query: 'based remotely travel',
    },
    availability: {
      pattern:
        /\b(availab\w*|capacity|when (can|could) you start|how soon|start date|take on|bandwidth|busy|full[- ]time|part[- ]time|hours (a|per) week|free for)\b/,
      query: 'availability',
    },
    rates: {
      pattern:
        /\b(rates?|pric\w*|costs?|charge|fees?|how much|budget|quote|hourly|afford\w*|expensive|cheap|payment terms|invoice\w*|discounts?)\b/,
      query: 'rates',
    },
    responseTime: {
      pattern:
        /\b(response time|respond|reply|how (fast|quickly)|get back to|turnaround|answer (fast|quickly))\b/,
      query: 'response time',
    },
    engagement: {
      pattern:
        /\b(work together|work with you|working with you|hire|hiring|engage(ment)?s?|how do(es)? (we|i|it|this) (start|begin|work)|get started|next steps?|your process|collaborat\w*|contract(ing)? with)\b/,
      query: 'ways work together',
    },
    services: {
      pattern: /\b(services|what do you (do|offer)|what can you (do|help)|what you offer|offerings?)\b/,
      query: 'what I offer',
    },
    education: {
      pattern: /\b(study|studied|education|degrees?|university|college|school|certifi\w*|qualifications?)\b/,
      query: 'education certifications',
    },
    skills: {
      pattern:
        /\b(tech(nology)? stack|your stack|technolog(y|ies) do you|tools do you|software do you|programming languages?|languages do you|skills?|skillset|expertise|speciali[sz]\w*|strengths?)\b/,
      query: 'programming languages',
    },
  } satisfies Record<string, { pattern: RegExp; query: string }>;
}

export type FactTopics = ReturnType<typeof factTopics>;
export type FactTopic = keyof FactTopics;

export const BROAD_PROJECTS =
  /\b((what|which) (kinds? |types? |sorts? )?of (ai |genai |enterprise )?(solutions|projects|systems|work|clients|things)|(what|which) (solutions|projects?|systems|clients)|(your|some|recent|past|previous|notable|example|best|biggest|largest|favou?rite|proudest|most \w+) (projects?|work|clients|solutions)|case stud\w*|portfolio|examples? of|(have you|did you|you've) (built|delivered|done)|built for)\b/;

/** A greeting before the question ("hi", "hello there", "hey Alex,"), with the owner's first name. */
export function greetingPattern(ownerFirstName: string): RegExp {
  const owner = escapeRegExp(ownerFirstName.toLowerCase());
  return new RegExp(
    String.raw`^(hi|hello|hey|hiya|howdy|greetings|yo|good (morning|afternoon|evening|day))( there| ${owner}| everyone)?\b[\s!.,:;-]*`,
  );
}

export const THANKS =
  /^(thanks|thank you|thx|ty|cheers|great|perfect|awesome|cool|ok(ay)?|got it|nice|appreciated?)\b[\s\w,!.']{0,40}$/;
export const GOODBYE =
  /\b(bye|goodbye|see you|have a (good|nice|great) (day|one|evening|weekend)|that'?s all)\b/;
export const IDENTITY =
  /\b(who (are|r) (you|u)|what are you|are you (a |an )?(real|human|bot|robot|ai|person|chatbot|clone|the real)|am i (talking|speaking|chatting) (to|with))\b/;
export const FOLLOW_UP =
  /^(tell me more|more( details| please| info)?|go on|and\??|what else|anything else|elaborate|can you elaborate|continue)\b/;

/** The fact topics a question asks about, in the order it asks them. */
export function detectTopics(question: string, topics: FactTopics): FactTopic[] {
  return (Object.keys(topics) as FactTopic[])
    .map((topic) => ({ topic, at: topics[topic].pattern.exec(question)?.index ?? -1 }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ topic }) => topic);
}

/** The profile's headline fact for a topic, if the profile has one. */
export function factSentence(topic: FactTopic, profile: ProfileFile): string | undefined {
  switch (topic) {
    case 'experience':
      return `I have ${profile.experience} of experience as ${withArticle(profile.title)} and in enterprise software, and I've delivered ${profile.projects}.`;
    case 'location':
    case 'remote':
    case 'timeZone':
      return `I'm based in ${profile.location} and work as a ${profile.workStyle.toLowerCase()}.`;
    case 'availability':
      return `**Availability:** ${profile.availability}.`;
    case 'responseTime':
      return `**Response time:** ${profile.responseTime} here in the chat.`;
    case 'skills':
      return [
        'My main areas of expertise:',
        profile.expertise
          .map((card) => `- **${card.title}:** ${card.description} (${card.keywords.join(', ')})`)
          .join('\n'),
      ].join('\n\n');
    default:
      return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
