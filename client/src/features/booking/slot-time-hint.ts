import { describeNotice, describeTimeZone, getZoneAbbreviation, NIGHT_MARK } from '@shared/booking-time';
import type { TimeOption } from './contact-form-model';

/**
 * The hint under the time select: call length, notice, whose time the options show, and how many
 * of them fall at night for the visitor. Undefined until the owner's zone is known.
 */
export function describeSlotTimeHint({
  timeOptions,
  ownerTimeZone,
  minNoticeHours,
  visitorTimeZone,
  nowMs,
}: {
  timeOptions: TimeOption[];
  ownerTimeZone?: string;
  minNoticeHours?: number;
  visitorTimeZone: string;
  nowMs: number;
}): string | undefined {
  const ownerZone = ownerTimeZone ? getZoneAbbreviation(ownerTimeZone, new Date(nowMs)) : undefined;
  if (!ownerZone) return undefined;
  const isVisitorTimeShown = timeOptions.some((option) => option.label.includes(' · '));
  const notice = minNoticeHours ? `, booked at least ${describeNotice(minNoticeHours)} ahead` : '';
  const visitorZone = describeTimeZone(visitorTimeZone, new Date(nowMs));
  const nightCount = timeOptions.filter((option) => option.label.endsWith(NIGHT_MARK)).length;
  const nightHint =
    nightCount === 0
      ? ''
      : ` ${nightCount === timeOptions.length ? 'Every time' : `${nightCount} of these times`} ${nightCount === 1 ? 'falls' : 'fall'} at night where you are (${NIGHT_MARK}): if none suits you, leave the time unchosen and describe one that does.`;
  return `One-hour calls${notice}. Times in ${ownerZone}${isVisitorTimeShown ? `; your time is ${visitorZone}` : ` (your time zone, ${visitorZone})`}.${nightHint}`;
}
