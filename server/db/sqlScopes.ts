import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * A check of statement text for correlated subqueries whose column references could bind to the
 * wrong table: inside a subquery, an unqualified column that exists in more than one table in scope
 * (the subquery's own FROM and JOIN tables, and those of the statements around it). PostgreSQL
 * binds it to the innermost table that has it, which is wrong when the statement meant the outer
 * row (`where "story_id" = "id"` under `from story_genres join genres`). Used by the tests on every
 * statement the services send.
 */

type Token = { kind: 'ident' | 'word' | 'open' | 'close' | 'dot' | 'other'; text: string };

const TOKEN = /"((?:[^"]|"")*)"|'(?:[^']|'')*'|([A-Za-z_][A-Za-z0-9_$]*)|(\()|(\))|(\.)|(\$\d+|::|\d+(?:\.\d+)?|\S)/g;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    if (match[1] !== undefined) tokens.push({ kind: 'ident', text: match[1].replace(/""/g, '"') });
    else if (match[2] !== undefined) tokens.push({ kind: 'word', text: match[2].toLowerCase() });
    else if (match[3]) tokens.push({ kind: 'open', text: '(' });
    else if (match[4]) tokens.push({ kind: 'close', text: ')' });
    else if (match[5]) tokens.push({ kind: 'dot', text: '.' });
    else if (match[0].startsWith("'")) tokens.push({ kind: 'other', text: "''" });
    else tokens.push({ kind: 'other', text: match[0] });
  }
  return tokens;
}

/** The schema's tables by name, each with its column names. */
function schemaColumns(): Map<string, Set<string>> {
  const byTable = new Map<string, Set<string>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    byTable.set(config.name, new Set(config.columns.map((column) => column.name)));
  }
  return byTable;
}

interface Scope {
  parent: Scope | null;
  /** Tables named in this scope's FROM and JOIN clauses (schema tables only). */
  tables: string[];
  /** Unqualified column-like identifiers used directly in this scope. */
  bare: string[];
  depth: number;
}

export interface AmbiguousReference {
  column: string;
  tables: string[];
}

const CLAUSE_AFTER_NAME = new Set(['as', 'on', 'where', 'inner', 'left', 'right', 'full', 'cross', 'join', 'group', 'order', 'limit', 'offset', 'for', 'union', 'using', 'natural', 'lateral', 'set', 'returning', 'values']);

let columnsByTable: Map<string, Set<string>> | undefined;

/**
 * The unqualified column references inside subqueries of `text` that more than one table in scope
 * could answer; empty when every correlated reference names its table.
 */
export function ambiguousColumnReferences(text: string): AmbiguousReference[] {
  columnsByTable ??= schemaColumns();
  const known = columnsByTable;
  const tokens = tokenize(text);
  const root: Scope = { parent: null, tables: [], bare: [], depth: 0 };
  const scopes: Scope[] = [root];
  // Each open parenthesis either starts a subquery scope or is plain grouping in the current one.
  const stack: Scope[] = [root];
  const opened: boolean[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const scope = stack[stack.length - 1];
    if (token.kind === 'open') {
      const next = tokens[i + 1];
      const startsQuery = next?.kind === 'word' && (next.text === 'select' || next.text === 'with');
      opened.push(startsQuery);
      if (startsQuery) {
        // A subquery in FROM or JOIN (a derived table) sees no outer row unless it is LATERAL.
        const before = tokens[i - 1];
        const derived = before?.kind === 'word' && (before.text === 'from' || before.text === 'join');
        const child: Scope = { parent: derived ? null : scope, tables: [], bare: [], depth: scope.depth + 1 };
        scopes.push(child);
        stack.push(child);
      }
      continue;
    }
    if (token.kind === 'close') {
      if (opened.pop()) stack.pop();
      continue;
    }
    if (token.kind === 'word' && (token.text === 'from' || token.text === 'join' || token.text === 'update' || token.text === 'into')) {
      // `from "a", "b"` and `from "schema"."a"`: take names until a clause word or a parenthesis.
      let j = i + 1;
      while (j < tokens.length) {
        const name = tokens[j];
        if (name.kind === 'ident' && tokens[j + 1]?.kind !== 'dot') {
          if (known.has(name.text)) scope.tables.push(name.text);
          j++;
          // An alias after the table name is not a column.
          if (tokens[j]?.kind === 'ident' || (tokens[j]?.kind === 'word' && !CLAUSE_AFTER_NAME.has(tokens[j].text))) j++;
          if (tokens[j]?.kind === 'word' && tokens[j].text === 'as') j += 2;
          if (tokens[j]?.kind === 'other' && tokens[j].text === ',') {
            j++;
            continue;
          }
        } else if (name.kind === 'ident' || name.kind === 'dot') {
          j++;
          continue;
        }
        break;
      }
      i = j - 1;
      continue;
    }
    if (token.kind !== 'ident') continue;
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    if (before?.kind === 'dot' || after?.kind === 'dot') continue;
    if (before?.kind === 'word' && before.text === 'as') continue;
    // A function or type name written quoted, or a column alias right after an expression.
    if (after?.kind === 'open') continue;
    scope.bare.push(token.text);
  }

  const found: AmbiguousReference[] = [];
  for (const scope of scopes) {
    if (!scope.parent) continue;
    const inScope: string[] = [];
    for (let s: Scope | null = scope; s; s = s.parent) inScope.push(...s.tables);
    // A table named in two scopes (a subquery over the outer statement's own table) counts twice.
    for (const column of new Set(scope.bare)) {
      const owners = inScope.filter((table) => known.get(table)?.has(column));
      if (owners.length > 1) found.push({ column, tables: owners });
    }
  }
  return found;
}
