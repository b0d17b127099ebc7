import { Client } from 'pg';
import { closeDb } from '@/server/db/client';
import { ambiguousColumnReferences } from '@/server/db/sqlScopes';

// Real databases and the auth emulator are slower than a unit; `testTimeout` is not a per-project option.
jest.setTimeout(30_000);

// Every statement the tests cause is checked before it is sent: a correlated subquery must name
// the table of every column that more than one table in its scope has.
const ambiguous: string[] = [];
const checked = new Set<string>();
type Query = (this: Client, ...args: unknown[]) => unknown;
const clientPrototype = Client.prototype as unknown as { query: Query; __scopesChecked?: boolean };
if (!clientPrototype.__scopesChecked) {
  const send = clientPrototype.query;
  clientPrototype.query = function checkedQuery(this: Client, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && !checked.has(text)) {
      checked.add(text);
      const found = ambiguousColumnReferences(text);
      if (found.length > 0) {
        const message = `correlated subquery with unqualified ${found.map((f) => `"${f.column}" (${f.tables.join(', ')})`).join('; ')}:\n${text}`;
        ambiguous.push(message);
        const error = new Error(message);
        const callback = args.find((arg) => typeof arg === 'function') as ((error: Error) => void) | undefined;
        if (callback) return void process.nextTick(callback, error);
        return Promise.reject(error);
      }
    }
    return send.apply(this, args);
  };
  clientPrototype.__scopesChecked = true;
}

afterAll(async () => {
  await closeDb();
  expect(ambiguous).toEqual([]);
});
