import { sql, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';

/**
 * A correlated subquery, in parentheses, for a select list, a condition or a returning clause.
 *
 * Drizzle writes a column that sits directly in an expression of a single-table select (or of a
 * `returning`) by its bare name, so `${storyGenres.storyId} = ${stories.id}` written there becomes
 * `"story_id" = "id"`, and PostgreSQL binds `"id"` to the subquery's own table. A subquery passed
 * through here sits one level deeper, where drizzle always writes `"table"."column"`: every
 * reference to the outer row names the outer table, however the surrounding query is built.
 */
export function subquery<T = unknown>(query: SQL): SQL<T> {
  return sql<T>`(${query})`;
}

/** `exists (…)` over a correlated subquery (see `subquery`). */
export function existsIn(query: SQL): SQL<boolean> {
  return sql<boolean>`exists ${subquery(query)}`;
}

/**
 * A table under another name, for a subquery over a table the outer query reads too: `columns`
 * are the renamed table's columns, `from` is what goes after FROM.
 */
export function renamed<T extends PgTable, N extends string>(table: T, name: N) {
  return { columns: alias(table, name), from: sql`${table} as ${sql.identifier(name)}` };
}
