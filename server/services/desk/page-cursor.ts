import { isUuid } from '../../../shared/ids';
import { badRequest } from '../../lib/app-error';
import type { KeysetPosition } from '../../storage/keyset';

// A page's `nextCursor`: where it ended, opaque to clients (base64url of [time text, id]).

const POSTGRES_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

export function encodePageCursor({ at, id }: KeysetPosition): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** The position a cursor names; 400 for anything this server did not hand out. */
export function decodePageCursor(cursor: string): KeysetPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      POSTGRES_TIMESTAMP.test(value[0]) &&
      typeof value[1] === 'string' &&
      isUuid(value[1])
    )
      return { at: value[0], id: value[1] };
  } catch {
    // falls through to the 400
  }
  throw badRequest('This page cursor is not valid.');
}

/**
 * One page from rows read with `size + 1`: the extra row, never shown, tells that another page
 * follows, whose cursor is the last shown row's position.
 */
export function toPage<T>(
  rows: T[],
  size: number,
  positionOf: (row: T) => KeysetPosition,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > size && last ? encodePageCursor(positionOf(last)) : null };
}
