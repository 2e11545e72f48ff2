const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `id` has the shape of a uuid. Ids from a URL are checked first, so a malformed one is as
 * unknown as a missing one (404), not a database error.
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
