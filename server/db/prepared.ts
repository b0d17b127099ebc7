import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult, QueryResultRow } from 'pg';
import type { Database } from './client';

/**
 * Statements of the requests readers send most (a story lookup, a comment page, a chapter's text,
 * a bookmark save, a history row, the cabinet), built once per process and prepared once per
 * database connection under a name: a request then costs neither drizzle's query building nor
 * PostgreSQL's parse and plan, only its values. Values go in through `sql.placeholder(name)`;
 * each statement name stands for one text.
 */

/** `build(database)` once per database object (the process's, or a test's own). */
export function perDatabase<T extends object>(build: (database: Database) => T): (database: Database) => T {
  const built = new WeakMap<Database, T>();
  return (database) => {
    let value = built.get(database);
    if (!value) {
      value = build(database);
      built.set(database, value);
    }
    return value;
  };
}

const dialect = new PgDialect();

/**
 * A prepared statement of raw SQL (a statement the query builder cannot express, such as one with
 * writing CTEs): `run(database, values)` answers its rows as the driver reads them, with
 * timestamps as PostgreSQL's text.
 */
export function preparedStatement<Row extends QueryResultRow>(name: string, statement: () => SQL) {
  let text: ReturnType<PgDialect['sqlToQuery']> | undefined;
  const prepared = perDatabase((database) => {
    text ??= dialect.sqlToQuery(statement());
    return database._.session.prepareQuery(text, undefined, name, false);
  });
  return async (database: Database, values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await prepared(database).execute(values)) as QueryResult<Row>;
    return result.rows;
  };
}
