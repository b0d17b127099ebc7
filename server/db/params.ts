import { sql, type SQL } from 'drizzle-orm';

/** One bound parameter holding a whole array, for `unnest(…)` (drizzle would otherwise expand it). */
export function arrayParam(values: readonly unknown[], type: string): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}
