import { asc, eq } from 'drizzle-orm';
import { contactRequests, conversations, emailOutbox } from '../../shared/schema';
import type { DatabaseHandle } from '../../server/db/client';

// Shared by the bookings-*.test.ts files (not a test file itself).

/** Wednesday 2026-03-04 10:00 in New York (EST, UTC-5): four days before DST starts. */
export const NOW = new Date('2026-03-04T15:00:00Z');

let counter = 0;

/** A valid contact request payload; each call a different visitor. */
export function validRequest(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    fullName: `Jane Visitor ${counter}`,
    phoneNumber: '+1 (617) 555-0142',
    email: `jane.${counter}@example.com`,
    preferredTime: '',
    purpose: 'A RAG assistant for our support team',
    ...overrides,
  };
}

export const listContactRequests = ({ db }: DatabaseHandle) =>
  db.select().from(contactRequests).orderBy(asc(contactRequests.createdAt));

export const listOutbox = ({ db }: DatabaseHandle) =>
  db.select().from(emailOutbox).orderBy(asc(emailOutbox.kind));

export async function getConversation({ db }: DatabaseHandle, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** Unfolds an iCalendar text into its content lines (RFC 5545 3.1). */
export function unfoldIcs(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

/** The value of the first property with this name (parameters ignored). */
export function icsValue(lines: string[], name: string): string | undefined {
  const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
}
