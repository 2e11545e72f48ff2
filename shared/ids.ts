import { z } from 'zod';

// PostgreSQL takes any 8-4-4-4-12 hex string as a uuid, so this shape, not a uuid version, is what
// an id needs before it reaches a query.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `id` has the shape of a uuid. Ids from a URL are checked first, so a malformed one is as
 * unknown as a missing one (404), not a database error.
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A uuid field in a request body; `message` is the answer for anything else. */
export const uuidSchema = (message: string) => z.string({ error: message }).regex(UUID, { error: message });
