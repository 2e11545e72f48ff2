import { isUnlimited, PLANS, type Plan } from '../../../../shared/plans';
import type { KnowledgeIndex } from '../knowledge-index';
import { meaningfulTerms } from '../text-terms';
import type { Answer } from './answer';
import { planNamedIn } from './answer-plan';

// "What would 10 hours come to?", "the Enterprise plan over a full year?", "30 people, how many
// workshop days and what total?": the sum worked out from a price the previous reply or the content
// states, so the visitor gets the number instead of the arithmetic. A price is never invented: with
// no single price that fits, there is no sum.

type Per = 'hour' | 'day' | 'month';

interface Rate {
  amount: number;
  per: Per;
  /** What it prices: a list item's key ("Workshops") or a plan's name. */
  label: string;
  /** "$3,500 per day for up to 15 participants". */
  capacity?: number;
}

// From two: "a month", "a senior person" ask no sum ("a year" is read on its own).
const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  [
    ['two dos deux zwei', 2],
    ['three tres trois drei', 3],
    ['four cuatro quatre vier', 4],
    ['five cinco cinq fünf', 5],
    ['six seis sechs', 6],
    ['seven siete sept sieben', 7],
    ['eight ocho huit acht', 8],
    ['nine nueve neuf neun', 9],
    ['ten diez dix zehn', 10],
    ['eleven once onze elf', 11],
    ['twelve doce douze zwölf', 12],
    ['fifteen quince quinze fünfzehn', 15],
    ['twenty veinte vingt zwanzig', 20],
    ['thirty treinta trente dreißig', 30],
    ['forty cuarenta quarante vierzig', 40],
    ['fifty cincuenta cinquante fünfzig', 50],
  ].flatMap(([words, value]) => (words as string).split(' ').map((word) => [word, value as number])),
);
const NUMBER = String.raw`(\d+(?:[.,]\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;
const HOURS = new RegExp(
  String.raw`\b${NUMBER}[\s-]*(?:hours?|hrs?|heures?|horas?|stunden)\b(?!\s*(?:a|per|each|every|\/)\s*(?:week|wk|month|day))`,
  'iu',
);
const MINUTES = new RegExp(String.raw`\b${NUMBER}[\s-]*(?:minutes?|mins?|minutos?|minuten)\b`, 'iu');
const MONTHS = new RegExp(String.raw`\b${NUMBER}[\s-]*(?:months?|mos|meses|mois|monate?n?)\b`, 'iu');
// "For two years", not "20 years of experience".
const YEARS = new RegExp(
  String.raw`\b(?:for|over|during|durante|pendant|sur|für|über)\s+${NUMBER}[\s-]*(?:years?|yrs?|años?|jahre?n?|ans?|années?)\b`,
  'iu',
);
const A_YEAR =
  /\b(a|one|per|full|whole|entire|(over|for) the)\s+years?\b|\bannual(ly)?\b|\byearly\b|\bal año\b|\baño (entero|completo)\b|\b(ganzes|ganzen) jahr\b|\bjährlich\b|\b(par|une|sur l'|l')\s?(an|année)\b|\bannée (complète|entière)\b/iu;
const PEOPLE = new RegExp(
  String.raw`\b${NUMBER}\s+(?:\p{L}+\s+)?(?:people|persons?|participants?|attendees|engineers|developers|staff|employees|colleagues|of us|personas|participantes|ingenieros|personnes|ingénieurs|leute|personen|teilnehmer\p{L}*|mitarbeiter\p{L}*|ingenieure)\b`,
  'iu',
);
// Asking for the sum, not only the price: "what would that come to", "in total", "how much".
const ASKS_SUM =
  /\b(total|come to|comes to|add up|adds up|work(s)? out( to)?|invoice|all together|altogether|cost|costs|pay|price|how much|charge|bill|combien|co[uû]t\p{L}*|revient|fait|cu[aá]nto|cuesta|costar\p{L}*|pagar\p{L}*|kost\p{L}*|wie ?viel|zahle\p{L}*|gesamt\p{L}*|insgesamt|payer|prix)\b/iu;
const PER_WORDS: Record<string, Per> = { hour: 'hour', hr: 'hour', day: 'day', month: 'month', mo: 'month' };
const RATE =
  /\$(\d[\d,]*(?:\.\d+)?)\s*(?:per|a|an|\/)\s*(hour|hr|day|month|mo)\b(?:[^.\n]*?\bup to (\d+) (?:participants|people))?/i;
const WORKSHOP_WORDS =
  /\b(workshops?|trainings?|sessions?|groups?|days?|talleres?|taller|formaci[oó]n|schulung\p{L}*|workshop\p{L}*|formations?|ateliers?)\b/iu;

/** The sum a clause asks for, from the previous reply's price or the content's, or undefined. */
export function answerSum(clause: string, previousReply: string, index: KnowledgeIndex): Answer | undefined {
  const plan = sumOfPlan(clause, previousReply);
  if (plan) return { text: plan, topic: 'voicePlans', isSalesTopic: false };
  const text =
    discounted(clause, previousReply, index) ??
    (ASKS_SUM.test(clause) ? sumOfRate(clause, previousReply, index) : undefined);
  return text ? { text, topic: 'rates', isSalesTopic: false } : undefined;
}

const PER_MINUTE =
  /\b(per|a|one|each|every|single|by the) minute\b|\bpor minuto\b|\bpro minute\b|\b(par|la|à la) minute\b/iu;
const HOW_MANY_HOURS =
  /\bhow many hours\b|\bin hours\b|\bcu[aá]ntas horas\b|\bwie viele stunden\b|\bcombien d'heures\b/iu;

// "If my three co-founders each took a different plan…", "all three plans together".
const EVERY_PLAN =
  /\b(each|every)\b.{0,30}\bdifferent (voice )?(plans?|tiers?)\b|\ball (three|3|the) (voice )?(plans|tiers)\b|\bone of each (plan|tier)\b|\bevery (voice )?(plan|tier)\b/i;

/** A plan over months, its price per minute, or its minutes in hours; every plan together. */
function sumOfPlan(clause: string, previousReply: string): string | undefined {
  if (EVERY_PLAN.test(clause) && ASKS_SUM.test(clause)) {
    const total = PLANS.reduce((sum, plan) => sum + plan.priceUsd, 0);
    const each = PLANS.map((plan) => `${plan.name} ${money(plan.priceUsd)}`).join(', ');
    return `One of each voice plan (${each}) comes to ${money(total)} per month.`;
  }
  const named = planNamedIn(clause)?.plan;
  // After a reply about one plan, "how many hours is that?"; its price over months is a rate like
  // any other the reply states.
  const plan =
    named ?? (HOW_MANY_HOURS.test(clause) || PER_MINUTE.test(clause) ? onlyPlanIn(previousReply) : undefined);
  if (!plan) return undefined;
  const unlimited = isUnlimited(plan.minutes);
  if (HOW_MANY_HOURS.test(clause))
    return unlimited
      ? `The ${plan.name} voice plan has unlimited minutes, so there is no limit in hours.`
      : `The ${plan.name} voice plan's ${plan.minutes} minutes a month are ${plan.minutes / 60} hours of talking.`;
  if (!ASKS_SUM.test(clause)) return undefined;
  if (PER_MINUTE.test(clause))
    return unlimited
      ? `The ${plan.name} voice plan costs ${money(plan.priceUsd)} per month with unlimited minutes, so there is no fixed price per minute: the more you talk, the less each minute costs.`
      : `The ${plan.name} voice plan costs ${money(plan.priceUsd)} per month for ${plan.minutes} minutes: ${money(plan.priceUsd / plan.minutes)} a minute when you use them all.`;
  const months = monthsAsked(clause);
  if (!months) return undefined;
  return `The ${plan.name} voice plan for ${plural(months, 'month')} at ${money(plan.priceUsd)} per month comes to ${money(plan.priceUsd * months)}.`;
}

function sumOfRate(clause: string, previousReply: string, index: KnowledgeIndex): string | undefined {
  const hours = numberIn(HOURS, clause);
  if (hours) {
    const rate = rateFor('hour', clause, previousReply, index);
    return rate && times(rate, hours);
  }
  // "What would a 45-minute call cost?" after the hourly rate: that share of an hour.
  const minutes = numberIn(MINUTES, clause);
  const hourly = minutes && ratesIn(previousReply.split('\n')).find((rate) => rate.per === 'hour');
  if (minutes && hourly)
    return `${labelled(hourly)}${minutes} minutes at ${money(hourly.amount)} per hour come to ${money((hourly.amount * minutes) / 60)}.`;
  const months = monthsAsked(clause);
  if (months) {
    const rate = rateFor('month', clause, previousReply, index);
    return rate && times(rate, months);
  }
  const people = numberIn(PEOPLE, clause);
  if (!people || !WORKSHOP_WORDS.test(`${clause} ${previousReply}`)) return undefined;
  const rate = rateFor('day', clause, previousReply, index);
  if (!rate?.capacity) return undefined;
  const days = Math.ceil(people / rate.capacity);
  const each = `a day takes up to ${rate.capacity} participants`;
  return days === 1
    ? `For ${people} people one day is enough (${each}): ${money(rate.amount)}.`
    : `For ${people} people you need ${plural(days, 'day')} (${each}): ${plural(days, 'day')} at ${money(rate.amount)} per day come to ${money(rate.amount * days)}.`;
}

const DISCOUNT = /\b(discount\p{L}*|descuento|rabatt\p{L}*|remise|réduction)\b/iu;
const TOP =
  /\b(top|upper|high|higher|highest|max\p{L}*|most|ceiling|obere\p{L}*|höchst\p{L}*|haut|máximo|alto)\b/iu;
const BOTTOM =
  /\b(bottom|lower|low|lowest|min\p{L}*|least|floor|untere\p{L}*|niedrigst\p{L}*|bas|mínimo|bajo)\b/iu;
const PRICE = /\$(\d{1,3}(?:,\d{3})+|\d+)(?:\s?(?:-|–|to)\s?\$(\d{1,3}(?:,\d{3})+|\d+))?/;

/** "The top of that range after your discount?": the content's discount applied to one price. */
function discounted(clause: string, previousReply: string, index: KnowledgeIndex): string | undefined {
  if (!DISCOUNT.test(clause)) return undefined;
  const terms = index.units.units.find((unit) => /\d+ ?% discount/.test(unit.text));
  const percent = terms && Number(/(\d+) ?% discount/.exec(terms.text)![1]);
  if (!percent) return undefined;
  const clauseTerms = new Set(meaningfulTerms(clause));
  const priced = (lines: string[]) => lines.filter((line) => PRICE.test(line) && !/%/.test(line));
  // The lines whose item shares the most words with the question ("an architecture assessment":
  // the assessment, not the hourly architecture work).
  const named = (lines: string[]) => {
    const shared = (line: string) =>
      meaningfulTerms(/\*\*([^*]+)\*\*/.exec(line)?.[1] ?? '').filter((term) => clauseTerms.has(term)).length;
    const most = Math.max(0, ...lines.map(shared));
    return most > 0 ? lines.filter((line) => shared(line) === most) : [];
  };
  const inReply = priced(previousReply.split('\n'));
  // A price of the content's only when a sum is asked of it: "do you give discounts?" asks none.
  const inContent = ASKS_SUM.test(clause) ? named(priced(index.units.units.map((unit) => unit.text))) : [];
  const candidates = [named(inReply), inReply, inContent];
  const line = candidates.find((lines) => lines.length === 1)?.[0];
  if (!line) return undefined;
  const [, lowText, highText] = PRICE.exec(line)!;
  const low = Number(lowText!.replace(/,/g, ''));
  const high = highText === undefined ? undefined : Number(highText.replace(/,/g, ''));
  const after = (amount: number) => money((amount * (100 - percent)) / 100);
  const sum =
    high === undefined
      ? `${money(low)} comes to ${after(low)} with it.`
      : TOP.test(clause)
        ? `The top of the range, ${money(high)}, comes to ${after(high)} with it.`
        : BOTTOM.test(clause)
          ? `The bottom of the range, ${money(low)}, comes to ${after(low)} with it.`
          : `The range of ${money(low)}-${money(high)} comes to ${after(low)}-${after(high)} with it.`;
  return `${terms.text} ${sum}`;
}

const PERIOD_TERMS = new Set(
  meaningfulTerms('hourly hour hours daily day days monthly month months year years'),
);

/** The one price per hour, day or month that the previous reply states, else the content's. */
function rateFor(per: Per, clause: string, previousReply: string, index: KnowledgeIndex): Rate | undefined {
  const inReply = ratesIn(previousReply.split('\n')).filter((rate) => rate.per === per);
  const inContent = ratesIn(index.units.units.map((unit) => unit.text)).filter((rate) => rate.per === per);
  const clauseTerms = new Set(meaningfulTerms(clause));
  // "Six months" names no "Monthly" plan: only the words that say what is priced count.
  const named = (rates: Rate[]) =>
    rates.filter((rate) =>
      meaningfulTerms(rate.label).some((term) => clauseTerms.has(term) && !PERIOD_TERMS.has(term)),
    );
  for (const rates of [named(inReply), named(inContent), inReply, inContent])
    if (new Set(rates.map((rate) => rate.amount)).size === 1) return rates[0];
  return undefined;
}

function ratesIn(lines: string[]): Rate[] {
  return lines.flatMap((line) => {
    const match = RATE.exec(line);
    if (!match) return [];
    const label =
      /\*\*([^*:]+):?\*\*/.exec(line)?.[1] ?? PLANS.find((plan) => line.includes(plan.name))?.name ?? '';
    return [
      {
        amount: Number(match[1]!.replace(/,/g, '')),
        per: PER_WORDS[match[2]!.toLowerCase()]!,
        label,
        capacity: match[3] ? Number(match[3]) : undefined,
      },
    ];
  });
}

/** The plan a reply is about when it names exactly one. */
function onlyPlanIn(reply: string): Plan | undefined {
  const named = PLANS.filter((plan) => new RegExp(String.raw`\b${plan.name}\b`).test(reply));
  return named.length === 1 ? named[0] : undefined;
}

function monthsAsked(clause: string): number | undefined {
  const years = numberIn(YEARS, clause);
  if (years) return years * 12;
  if (A_YEAR.test(clause)) return 12;
  return numberIn(MONTHS, clause) ?? (A_QUARTER.test(clause) ? 3 : undefined);
}

const A_QUARTER =
  /\b(a|one|per|full|whole|the next)\s+quarter\b|\bquarterly\b|\bun trimestre\b|\bein quartal\b/iu;

function numberIn(pattern: RegExp, text: string): number | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  const word = match[1]!.toLowerCase();
  const value = NUMBER_WORDS[word] ?? Number(word.replace(',', '.'));
  return Number.isFinite(value) && value > 1 ? value : undefined;
}

/** "Fractional AI architect retainer: 6 months at $6,500 per month come to $39,000." */
const times = (rate: Rate, count: number) =>
  `${labelled(rate)}${plural(count, rate.per)} at ${money(rate.amount)} per ${rate.per} come to ${money(rate.amount * count)}.`;

/** "Fractional AI architect retainer: " before its sum. */
const labelled = (rate: Rate) =>
  PLANS.some((plan) => plan.name === rate.label)
    ? `The ${rate.label} voice plan: `
    : rate.label
      ? `${rate.label}: `
      : '';

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function money(amount: number): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: cents, maximumFractionDigits: cents })}`;
}
