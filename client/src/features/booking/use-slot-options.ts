import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { bookedSlotsQuery, bookingConfigQuery } from './api';
import { listDateOptions, listTimeOptions } from './contact-form-model';
import { COMPACT_SLOTS_QUERY, getVisitorTimeZone, useCurrentMinute } from './visitor-time';

/**
 * The owner's free slots as the booking and reschedule forms offer them: the dates from now on,
 * and the times of the chosen date with the taken ones marked. A chosen date that is no longer
 * offered (the day passed) counts as not chosen: `date` is then ''.
 */
export function useSlotOptions(chosenDate: string) {
  const config = useQuery(bookingConfigQuery());
  const booked = useQuery(bookedSlotsQuery());
  const nowMs = useCurrentMinute();
  // On a phone "… your time" would not fit a time option: the hint says whose time is whose.
  const isCompact = useMediaQuery(COMPACT_SLOTS_QUERY);
  const [visitorTimeZone] = useState(getVisitorTimeZone);
  const limits = config.data;
  const ownerTimeZone = limits?.ownerTimeZone;

  const dateOptions = useMemo(
    () => (ownerTimeZone && limits ? listDateOptions(new Date(nowMs), ownerTimeZone, limits) : []),
    [ownerTimeZone, limits, nowMs],
  );
  const date = dateOptions.some((option) => option.date === chosenDate) ? chosenDate : '';
  const timeOptions = useMemo(
    () =>
      ownerTimeZone && limits && date
        ? listTimeOptions(
            date,
            new Date(nowMs),
            ownerTimeZone,
            visitorTimeZone,
            booked.data ?? [],
            limits,
            isCompact,
          )
        : [],
    [ownerTimeZone, limits, date, nowMs, visitorTimeZone, booked.data, isCompact],
  );

  return { config, booked, nowMs, visitorTimeZone, ownerTimeZone, limits, date, dateOptions, timeOptions };
}

export type SlotOptions = ReturnType<typeof useSlotOptions>;
