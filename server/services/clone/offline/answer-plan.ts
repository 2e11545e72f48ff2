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
  /\b(\d{1,3}(?:[,.]\d{3})*|\d+)\s*(minutes?|mins?|minutos?|minuten|hours?|hrs?|horas?|stunden|heures?)\b/i;

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

function describePlan(plan: Plan, channel: ReplyChannel): string {
  const price = channel === 'voice' ? `${plan.priceUsd} dollars a month` : `$${plan.priceUsd} per month`;
  const minutes = isUnlimited(plan.minutes)
    ? 'with unlimited voice minutes'
    : `for ${plan.minutes} voice minutes`;
  return `${price} ${minutes}`;
}
