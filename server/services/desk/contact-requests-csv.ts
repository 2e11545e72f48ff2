import { composePreferredTime } from '../../../shared/booking-time';
import type { ContactRequest } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { listRecentContactRequests } from '../../storage/contact-requests';

const MAX_ROWS = 10_000;

const HEADER = [
  'id',
  'created_at',
  'status',
  'full_name',
  'email',
  'phone',
  'scheduled_owner_time',
  'scheduled_at_utc',
  'preferred_time',
  'purpose',
  'conversation_id',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell a
 * spreadsheet would read as a formula (= + - @, or a leading tab or carriage return) gets a
 * leading apostrophe, so a visitor's text never runs as a formula on the owner's machine.
 */
export function toCsvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: (string | null | undefined)[][]): string {
  return rows.map((row) => row.map(toCsvCell).join(',')).join('\r\n') + '\r\n';
}

function statusOf(row: ContactRequest): string {
  if (row.cancelledAt) return 'cancelled';
  if (row.completedAt) return 'done';
  return row.isConfirmed ? 'confirmed' : 'open';
}

/** Every contact request, newest first, as a CSV file for the owner's spreadsheet. */
export async function exportContactRequestsCsv(db: Queryable, ownerTimeZone: string): Promise<string> {
  const rows = await listRecentContactRequests(db, MAX_ROWS);
  return toCsv([
    HEADER,
    ...rows.map((row) => [
      row.id,
      row.createdAt.toISOString(),
      statusOf(row),
      row.fullName,
      row.email,
      row.phoneNumber,
      row.scheduledDate && row.scheduledTime
        ? composePreferredTime(row.scheduledDate, row.scheduledTime, ownerTimeZone)
        : '',
      row.scheduledAt?.toISOString() ?? '',
      row.preferredTime,
      row.purpose,
      row.conversationId,
    ]),
  ]);
}
