import { isUnlimited, PLANS, type Plan } from '../../../../shared/plans';
import type { ReplyChannel } from '../chat-model';
import type { Answer } from './answer';

// "We'd use the voice clone about 250 minutes a month: which plan?": the cheapest voice plan whose
// minutes cover the amount, worked out from the plans the site sells rather than listed for the
// visitor to compare.

const ABOUT_PLANS = /\b(plans?|tiers?|subscri\w*|packages?|planes?|tarif\w*|abo\w*|forfaits?|offres?)\b/i;
// Asking to choose: "which plan", "is it enough", "what do you recommend" (not "what happens").
const CHOOSING =
  /\b(which|what|cu[aá]l|qu[eé]|welche[rsn]?|quel(le)?s?)\s+(\p{L}+\s+)?(plans?|tiers?|subscriptions?|packages?|planes?|tarif\w*|abo\w*|forfaits?|offres?)\b|\b(enough|pick|choose|need|should|fits?|covers?|suits?|best|right|cheapest|recommend\w*|convien\w*|recomiend\w*|reicht|empf\w*|suffit|recommand\w*|conseill\w*)\b/iu;
const AMOUNT =
  /\b(\d{1,3}(?:[,.]\d{3})*|\d+)\s*(?:voice\s+|de voz\s+|d'appel\s+)?(minutes?|mins?|minutos?|minuten|hours?|hrs?|horas?|stunden|heures?)\b/i;

/** The answer naming the plan for an amount of voice time, or undefined when none is asked. */
export function answerPlanForAmount(clause: string, channel: ReplyChannel = 'chat'): Answer | undefined {
  if (!ABOUT_PLANS.test(clause) || !CHOOSING.test(clause)) return undefined;
  const amount = AMOUNT.exec(clause);
  if (!amount) return undefined;
  const count = Number(amount[1]!.replace(/[,.]/g, ''));
  const minutes = /^(h|stunden)/i.test(amount[2]!) ? count * 60 : count;
  if (minutes <= 0) return undefined;
  const plan = PLANS.find((candidate) => isUnlimited(candidate.minutes) || candidate.minutes >= minutes);
  if (!plan) return undefined;
  const text = `For about ${minutes} minutes a month, the ${plan.name} plan fits: ${describePlan(plan, channel)}.`;
  return { text, topic: 'voicePlans', isSalesTopic: false };
}

/** The plans from the cheapest up. */
const BY_PRICE: readonly Plan[] = [...PLANS].sort((a, b) => a.priceUsd - b.priceUsd);

const PLAN_WORD = /\b(plans?|tiers?|subscri\w*|suscrip\w*|planes?|abo\w*|forfaits?)\b/i;
// Which one plan a question names: by its name, or as the cheapest or the top one.
const PLAN_NAMED: Array<[RegExp, string, Plan | undefined]> = [
  [
    /\b(cheap\w*|basic|entry|starter|lowest|smallest|least expensive|barat\w*|econ[oó]mic\w*|g[uü]nstig\w*|billig\w*|moins cher|moins ch[eè]re)\b/iu,
    'cheapest',
    BY_PRICE[0],
  ],
  [
    /\b(top|highest|biggest|largest|premium|priciest|most expensive|dearest|m[aá]s caro|teuerst\w*|gr[oö][sß]t\w*|plus cher|plus ch[eè]re)\b/iu,
    'top',
    BY_PRICE.at(-1),
  ],
  [
    /\bunlimited\b|\bilimitad[oa]s?\b|\bunbegrenzt\w*\b|\billimit[eé]e?s?\b/iu,
    'unlimited',
    PLANS.find((plan) => isUnlimited(plan.minutes)),
  ],
  [/\b(middle|mid-tier|medio|mittler\w*|milieu)\b/iu, 'middle', BY_PRICE[1]],
  [
    /\b(most popular|popular|recommended|m[aá]s popular|beliebt\w*|populaire)\b/iu,
    'most popular',
    PLANS.find((plan) => plan.isPopular),
  ],
];

/**
 * "What does the top tier cost?", "is there a cheap plan for the voice thing?", "¿cuánto cuesta el
 * plan Professional?": the one plan asked about, with its price and minutes, rather than the list.
 */
export function answerNamedPlan(clause: string, channel: ReplyChannel = 'chat'): Answer | undefined {
  // "What's the difference between the cheapest and the priciest?" compares (comparePlans).
  if (COMPARES.test(clause)) return undefined;
  // "Can a single call on the Enterprise plan go on for hours?" asks about a call's length.
  if (/\b(single|one|each|per|a) (voice )?call\b|\bhow long\b/i.test(clause)) return undefined;
  // "Tarifs" and "packages" name the owner's prices too: with the voice they mean its plans.
  // "Confirm the Enterprise price": a plan by its name and its price, without "plan".
  const pricedByName =
    PLANS.some((plan) => plan.id !== 'monthly' && namesPlan(plan, clause)) &&
    /\b(price|pricing|cost|costs|fee)\b/i.test(clause);
  if (
    !PLAN_WORD.test(clause) &&
    !pricedByName &&
    !(ABOUT_PLANS.test(clause) && /\b(voice|voz|stimme|voix)\b/i.test(clause))
  )
    return undefined;
  const named = planNamedIn(clause);
  if (!named) return undefined;
  const { plan, description } = named;
  // "The cheapest voice plan is Monthly:" says which one the question meant.
  const opening = description
    ? `The ${description} voice plan is ${plan.name}: it costs`
    : `The ${plan.name} voice plan costs`;
  return describeOne(plan, channel, opening);
}

/**
 * "The Monthly plan", "Monthly or Professional?", "the pro plan"; not "billed monthly" nor "the
 * monthly price".
 */
const namesPlan = (plan: Plan, text: string) =>
  plan.id === 'monthly'
    ? /\bmonthly (voice )?(plan|tier)\b|\b(plan|tier) monthly\b/i.test(text) ||
      /(?<=\S\s+)Monthly\b/.test(text)
    : plan.id === 'professional'
      ? /\bprofessional\b|\bpro (voice )?(plan|tier)\b/i.test(text)
      : new RegExp(String.raw`\b${plan.name}\b`, 'i').test(text);

/** The one plan a clause names, by its name or as the cheapest, the top or the most popular. */
export function planNamedIn(clause: string): { plan: Plan; description?: string } | undefined {
  const byName = PLANS.filter((plan) => namesPlan(plan, clause));
  if (byName.length === 1) return { plan: byName[0]! };
  if (byName.length > 1) return undefined;
  const described = PLAN_NAMED.find(([words]) => words.test(clause));
  return described?.[2] && { plan: described[2], description: described[1] };
}

const COMPARES =
  /\b(differen\w*|differ|gap|between|vs\.?|versus|compar\w*|than|how much (more|extra|less)|unterschied\w*|diferencia\w*|entre)\b/i;
// "And the one above it?", "the cheaper one?" after one plan's answer.
const ABOVE = /\b(above|higher|bigger|next|up|pricier|more expensive|upgrade)\b/i;
const BELOW = /\b(below|lower|smaller|cheaper|less expensive|down|downgrade)\b/i;

/**
 * "What's the difference between Professional and Enterprise?", "the price gap between the cheapest
 * and the priciest?": the two plans side by side and how far apart their prices are. After a reply
 * about the plans, the question need not say "plan".
 */
export function comparePlans(
  question: string,
  previousReply: string,
  channel: ReplyChannel = 'chat',
): Answer | undefined {
  if (!COMPARES.test(question)) return undefined;
  const named = PLANS.filter((plan) => namesPlan(plan, question));
  const described = PLAN_NAMED.filter(([words]) => words.test(question)).map(([, , plan]) => plan);
  // "I'm on Professional: how much more would unlimited cost?" names two plans without "plan".
  const aboutPlans =
    named.length >= 2 ||
    (named.length === 1 && described.length > 0) ||
    PLAN_WORD.test(question) ||
    /\bvoice\b/i.test(question) ||
    /\bvoice (plans?|minutes)\b/i.test(previousReply);
  if (!aboutPlans) return undefined;
  const middle = /\bmiddle\b/i.test(question) ? [BY_PRICE[1]] : [];
  const asked = new Set([...named, ...described, ...middle]);
  const plans = BY_PRICE.filter((plan) => asked.has(plan));
  if (plans.length !== 2) return undefined;
  const [lower, higher] = plans as [Plan, Plan];
  const gap = higher.priceUsd - lower.priceUsd;
  const more = channel === 'voice' ? `${gap} dollars a month more` : `$${gap} a month more`;
  // "How many more minutes would Professional give me?": the minutes apart too.
  const moreMinutes =
    !isUnlimited(lower.minutes) && !isUnlimited(higher.minutes) && /\bminutes?\b/i.test(question)
      ? ` for ${higher.minutes - lower.minutes} more minutes`
      : '';
  const text = `The ${lower.name} plan costs ${describePlan(lower, channel)}; the ${higher.name} plan costs ${describePlan(higher, channel)}, ${more}${moreMinutes}.`;
  return { text, topic: 'voicePlans', isSalesTopic: false };
}

/** "And the one above it?" after one plan's answer: the plan next above or below it. */
export function answerPlanBeside(
  question: string,
  previousReply: string,
  channel: ReplyChannel = 'chat',
): Answer | undefined {
  const plan = planBeside(question, previousReply);
  return plan && describeOne(plan, channel);
}

function planBeside(clause: string, previousReply: string): Plan | undefined {
  // The plan describeOne's reply named.
  const previous = /^The (?:[a-z ]+ voice plan is (\w+)|(\w+) voice plan costs)/.exec(previousReply);
  const name = previous?.[1] ?? previous?.[2];
  const position = BY_PRICE.findIndex((plan) => plan.name === name);
  if (position < 0 || !/\b(one|it|that|plan|tier)\b/i.test(clause)) return undefined;
  if (ABOVE.test(clause)) return BY_PRICE[position + 1];
  if (BELOW.test(clause)) return BY_PRICE[position - 1];
  return undefined;
}

function describeOne(
  plan: Plan,
  channel: ReplyChannel,
  opening = `The ${plan.name} voice plan costs`,
): Answer {
  const text = `${opening} ${describePlan(plan, channel)}, renewed every month until you cancel it.`;
  return { text, topic: 'voicePlans', isSalesTopic: false };
}

function describePlan(plan: Plan, channel: ReplyChannel): string {
  const price = channel === 'voice' ? `${plan.priceUsd} dollars a month` : `$${plan.priceUsd} per month`;
  const minutes = isUnlimited(plan.minutes)
    ? 'with unlimited voice minutes'
    : `for ${plan.minutes} voice minutes`;
  return `${price} ${minutes}`;
}
