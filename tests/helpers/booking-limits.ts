import fs from 'node:fs';
import path from 'node:path';
import { availabilityFileSchema, toDayOffRanges } from '../../shared/availability';
import { DEFAULT_MIN_NOTICE_HOURS, type SlotLimits } from '../../shared/booking';
import { listBookableDates, listSlotsForDate } from '../../shared/booking-time';
import { fixtureOwnerDir } from './fixture-owners';

// The slot limits a server started on the alex-morgan fixture owner (startServer's default content)
// applies by default, so browser tests pick dates the form really offers (no day off, far enough ahead).

export function readContentSlotLimits(): SlotLimits {
  const file = path.join(fixtureOwnerDir('alex-morgan'), 'availability.json');
  const daysOff = toDayOffRanges(availabilityFileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))));
  return { minNoticeHours: DEFAULT_MIN_NOTICE_HOURS, daysOff };
}

/** The `offset`-th bookable date whose 7 slots all lie ahead (so a test is clock-proof). */
export function pickFullDate(ownerTimeZone: string, offset = 0): string {
  const now = new Date();
  const limits = readContentSlotLimits();
  const dates = listBookableDates(now, ownerTimeZone, limits).filter(
    (date) => listSlotsForDate(date, now, ownerTimeZone, limits).length === 7,
  );
  const date = dates[offset];
  if (!date) throw new Error('no bookable date');
  return date;
}
