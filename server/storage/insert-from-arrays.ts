import { getTableColumns, is, sql, SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows of a batched insert as one array per field, unnested in the database:
 * `select … from unnest($1::uuid[], $2::text[]) as r(…)`. Its text does not change with the
 * number of rows, so the statement around it is built once per database (drizzle builds a
 * multi-row `values` list anew for every batch: a fifth of what a one-word chat allocated). `fields`
 * names each array and its element type; the rows are given to `execute` as `{ [field]: array }`.
 * Each of the table's columns takes, in order: its expression in `values` (of the row `r`), else the
 * array of its own name, else its SQL default, else null, so the select fits the table's columns.
 */
export function selectFromArrays<T extends PgTable>(
  table: T,
  fields: Record<string, string>,
  values: Partial<Record<keyof T['_']['columns'], SQLWrapper>> = {},
): SQL {
  const names = Object.keys(fields);
  const arrays = sql.join(
    names.map((name) => sql`${sql.placeholder(name)}::${sql.raw(fields[name]!)}[]`),
    sql`, `,
  );
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = (values as Record<string, SQLWrapper | undefined>)[key];
    if (value) return value;
    if (key in fields) return row(key);
    if (column.defaultFn) throw new Error(`${column.name}: a default made in JavaScript has no SQL here`);
    if (is(column.default, SQL)) return column.default;
    // Typed: an untyped value in a select list is text, which a boolean column refuses.
    const type = sql.raw(column.getSQLType());
    return column.default === undefined ? sql`null::${type}` : sql`${column.default}::${type}`;
  });
  const aliases = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  return sql`select ${sql.join(columns, sql`, `)} from unnest(${arrays}) as r(${aliases})`;
}

/** A field of the unnested row, in `values`' expressions. */
export const row = (field: string): SQL => sql`r.${sql.identifier(field)}`;
