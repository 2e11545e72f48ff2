import {
  BOOKING_WINDOW_WEEKDAYS,
  DEFAULT_MIN_NOTICE_HOURS,
  DEFAULT_OWNER_TIMEZONE,
  SLOT_DURATION_MINUTES,
  SLOT_TIMES,
} from '../../../shared/booking';
import { DEFAULT_MAX_CALL_MINUTES, formatPrice, isUnlimited } from '../../../shared/plans';
import { describeNotice, firstWorkingDayAfter } from '../../../shared/booking-time';
import { describeTimeZone } from '../../lib/time-zone-name';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { KnowledgeDocument, OwnerContent } from '../content/load-content';

export interface SiteKnowledgeOptions {
  ownerTimeZone?: string;
  maxCallMinutes?: number;
  /** How long before a call it must be booked (BOOKING_MIN_NOTICE_HOURS). */
  minNoticeHours?: number;
  /** The owner's date ("2026-11-24"): days off that ended before it are not listed. */
  today?: string;
}

/** The generated document's file name: no file in content/knowledge can take it (they end in .md). */
export const SITE_KNOWLEDGE_FILE = 'site (generated)';

/**
 * What the site itself offers, written in the owner's voice like the knowledge files: that the chat
 * is an AI clone, the voice plans and their prices, and how booking a call works. Generated from the
 * constants the site runs on (plans, slots), so the clone never quotes a second copy of a price.
 */
export function buildSiteKnowledge(
  content: OwnerContent,
  {
    ownerTimeZone = DEFAULT_OWNER_TIMEZONE,
    maxCallMinutes = DEFAULT_MAX_CALL_MINUTES,
    minNoticeHours = DEFAULT_MIN_NOTICE_HOURS,
    today = yesterdayUtc(),
  }: SiteKnowledgeOptions = {},
): KnowledgeDocument {
  const { profile } = content;
  const first = profile.name.split(/\s+/)[0] ?? profile.name;
  const zone = describeTimeZone(ownerTimeZone);
  const plans = content.plans.plans.map((plan) => {
    const minutes = isUnlimited(plan.minutes)
      ? 'unlimited voice minutes'
      : `${plan.minutes} voice minutes a month`;
    const popular = plan.isPopular ? ' (the most popular)' : '';
    const price = priceInEnglish(plan.price, content.plans.currency);
    return `- **${plan.name}${popular}:** ${price} per month, ${minutes}.`;
  });
  const body = `# This website

## Who answers in this chat

This chat is my AI clone: it answers as me, ${profile.name}, from my profile, projects, services and rates, in about ${profile.responseTime.replace(/^~\s*/, '')}. It is not me in person. The real ${first} reads every contact request and answers it personally.

## Does this chat cost anything?

No: chatting here is free. Only voice calls with my AI clone need a monthly plan.

## Voice calls with my AI clone: plans and prices

Besides this chat, you can talk with my AI clone by voice on the Voice Call page of this site. Voice calls need a monthly plan:

${plans.join('\n')}

You subscribe with your e-mail address through a secure card checkout, and the plan renews every month until you cancel it. Minutes used are counted per billing month, and a single voice call with my AI clone lasts at most ${maxCallMinutes} minutes.

## How booking a call works

Booking a phone call with me is free, and a booked call lasts ${describeCallLength()}. Use the "Schedule call" button below the chat: leave your name, phone number and e-mail, pick one of the next ${BOOKING_WINDOW_WEEKDAYS} weekdays and a ${describeSlotLength()} slot (${describeSlotHours()}, ${zone}) at least ${describeNotice(minNoticeHours)} ahead, and add a line about your project. Booked slots cannot be chosen; if none fits, write the time that suits you instead.

${describeDaysOff(content.daysOff, today)}## Saving this conversation

The export button at the top of the chat downloads this conversation as a JSON file you can keep.
`;
  return { file: SITE_KNOWLEDGE_FILE, title: 'This website', body };
}

/**
 * A price as en-US writes it ("$29", "€24.50", "£1,200"). The commonest currencies are written
 * here: the first Intl.NumberFormat of a process maps about 7 MB of ICU's data in for good, and an
 * idle server builds this knowledge at start (decision 012). Any other currency goes through Intl.
 */
export function priceInEnglish(amount: number, currency: string): string {
  const symbol = EN_US_SYMBOLS[currency.toLowerCase()];
  if (symbol === undefined || !Number.isFinite(amount) || amount < 0)
    return formatPrice(amount, currency, 'en-US');
  const [whole = '0', cents] = (Number.isInteger(amount) ? String(amount) : amount.toFixed(2)).split('.');
  return `${symbol}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${cents === undefined ? '' : `.${cents}`}`;
}

const EN_US_SYMBOLS: Readonly<Record<string, string>> = { usd: '$', eur: '€', gbp: '£' };

/** The owner's content with the site's own knowledge after the owner's files. */
export function withSiteKnowledge(content: OwnerContent, options?: SiteKnowledgeOptions): OwnerContent {
  return { ...content, knowledge: [...content.knowledge, buildSiteKnowledge(content, options)] };
}

/** "one hour" or "45 minutes": how long a booked call lasts. */
function describeCallLength(): string {
  return SLOT_DURATION_MINUTES === 60 ? 'one hour' : `${SLOT_DURATION_MINUTES} minutes`;
}

/** "one-hour" or "45-minute": the length of a booked call. */
function describeSlotLength(): string {
  return SLOT_DURATION_MINUTES === 60 ? 'one-hour' : `${SLOT_DURATION_MINUTES}-minute`;
}

/** "9 AM-12 PM and 2 PM-6 PM": the slot grid as contiguous ranges of hours. */
function describeSlotHours(): string {
  const hours = SLOT_TIMES.map((time) => Number(time.slice(0, 2)));
  const ranges: Array<[number, number]> = [];
  for (const hour of hours) {
    const last = ranges.at(-1);
    if (last && last[1] === hour) last[1] = hour + SLOT_DURATION_MINUTES / 60;
    else ranges.push([hour, hour + SLOT_DURATION_MINUTES / 60]);
  }
  const clock = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;
  const parts = ranges.map(([from, to]) => `${clock(from)}-${clock(to)}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}` : (parts[0] ?? '');
}
/**
 * The owner's days off still ahead (content/availability.json), one per line with the weekday and
 * the date, so "are you off on Memorial Day?" and "any holidays in December?" have an answer.
 */
function describeDaysOff(daysOff: OwnerContent['daysOff'], today: string): string {
  const ahead = daysOff.filter((range) => range.to >= today);
  if (ahead.length === 0) return '';
  const lines = ahead.map(({ from, to, note }) => {
    const when = from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`;
    // "When are you back?": the first working day after a longer time off.
    const back = from === to ? '' : ` (back on ${formatDay(firstWorkingDayAfter(to, daysOff))})`;
    return `- **${note ?? 'Day off'}:** ${when}${back}.`;
  });
  return `## Days off and holidays\n\nOn these days I don't work and no call can be booked:\n\n${lines.join('\n')}\n\n`;
}

// Plain date arithmetic, no Intl: an idle server keeps ICU's date data out of memory.

/** "Thursday, November 26, 2026" for "2026-11-26". */
function formatDay(date: string): string {
  return format(parseISO(date), 'EEEE, MMMM d, yyyy');
}

/**
 * Yesterday's date in UTC ("2026-11-23"): on or before the owner's today in any zone, so no day
 * off still ahead is left out (one that just ended may be listed for a few more hours).
 */
function yesterdayUtc(): string {
  return new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
