import type { Queryable } from '../db/client';

/**
 * A query whose SQL text is built once per database handle (values come as placeholders):
 * drizzle otherwise rebuilds it on every call, about 0.1 ms of CPU each, several of them before
 * a chat reply's first token. Left unnamed on the server (`prepare('')`: no server-side prepared
 * statement), so it also works behind poolers that do not keep them, such as PgBouncer in
 * transaction mode.
 */
export function preparedPerDatabase<T>(prepare: (db: Queryable) => T): (db: Queryable) => T {
  return perDatabase(prepare);
}

/** Something kept for each database handle, made on its first use (a statement batch, say). */
export function perDatabase<T>(make: (db: Queryable) => T): (db: Queryable) => T {
  const made = new WeakMap<Queryable, T>();
  return (db) => {
    let value = made.get(db);
    if (!value) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
