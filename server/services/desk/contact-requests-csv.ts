import { composePreferredTime } from '../../../shared/booking-time';
import type { ContactRequest } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import type { KeysetPosition } from '../../storage/keyset';
import { listContactRequestsNewestFirst } from '../../storage/contact-requests';

/** Rows read a statement: the export holds one batch in memory, never the whole table. The
 * first piece is the header and the newest row, so the download starts at once (a row's slot
 * label costs up to 1 ms) and a database that fails at once still gets a clean error answer. */
const FIRST_BATCH_ROWS = 1;
const BATCH_ROWS = 100;

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

/**
 * Every contact request, newest first, as CSV text in pieces: the header, then one piece a batch
 * of rows, each written as it is read, so the download starts at once and memory stays flat.
 */
export async function* streamContactRequestsCsv(
  db: Queryable,
  ownerTimeZone: string,
): AsyncGenerator<string> {
  // The header goes with the first batch, so a database that fails at once still gets a clean
  // error answer instead of a cut file.
  let header = toCsv([HEADER]);
  // The same slot's label is formatted once: time zone formatting is the costly part of a row.
  const slotLabels = new Map<string, string>();
  const slotLabel = (date: string, time: string) => {
    const key = `${date} ${time}`;
    let label = slotLabels.get(key);
    if (label === undefined) {
      label = composePreferredTime(date, time, ownerTimeZone);
      if (slotLabels.size < 10_000) slotLabels.set(key, label);
    }
    return label;
  };
  let before: KeysetPosition | undefined;
  for (;;) {
    const batchRows = before ? BATCH_ROWS : FIRST_BATCH_ROWS;
    const rows = await listContactRequestsNewestFirst(db, { before, limit: batchRows });
    if (rows.length === 0) {
      if (header) yield header;
      return;
    }
    yield header + toCsv(rows.map((row) => toCsvRow(row, slotLabel)));
    header = '';
    const last = rows.at(-1)!;
    before = { at: last.createdAtText, id: last.id };
    if (rows.length < batchRows) return;
  }
}

function toCsvRow(row: ContactRequest, slotLabel: (date: string, time: string) => string) {
  return [
    row.id,
    row.createdAt.toISOString(),
    statusOf(row),
    row.fullName,
    row.email,
    row.phoneNumber,
    row.scheduledDate && row.scheduledTime ? slotLabel(row.scheduledDate, row.scheduledTime) : '',
    row.scheduledAt?.toISOString() ?? '',
    row.preferredTime,
    row.purpose,
    row.conversationId,
  ];
}
