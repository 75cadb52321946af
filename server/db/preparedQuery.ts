// Hot queries of a fixed shape, compiled once. Kysely builds an operation tree and compiles it to SQL
// on every call; for the queries every request runs (who is calling, the vendor it asks for) that was
// a tenth of a list request's CPU. A prepared query is compiled once per database with named
// placeholders, then each call only fills in its values. Queries whose shape varies per call (a
// list of ids, optional filters) stay ordinary Kysely.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connect';

/** Marks a placeholder among a compiled query's parameters; no real value starts with a NUL. */
const PLACEHOLDER = '\u0000prepared:';

type Slot = { name: string } | { constant: unknown };

/** Stands for a value given at each call; typed as the value so the builder accepts it. */
export type Placeholder<Values> = <K extends keyof Values & string>(name: K) => Values[K];

/**
 * A query compiled on first use per database. `build` gets the database and `value(name)`, which it
 * uses wherever the query takes a per-call value; constants may be written as they are.
 */
export function preparedQuery<Values extends Record<string, unknown>, Row>(
  build: (db: Db, value: Placeholder<Values>) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  // Keyed by the database's dialect adapter, which its transactions share: a query run inside a
  // transaction (`trx`) uses the text compiled for its database instead of compiling per transaction.
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; slots: Slot[] }>();
  const keyOf = (db: Db): object => db.getExecutor().adapter;
  const placeholder = ((name: string) => `${PLACEHOLDER}${name}`) as Placeholder<Values>;

  const compile = (db: Db) => {
    const query = build(db, placeholder).compile();
    const slots = query.parameters.map((parameter): Slot =>
      typeof parameter === 'string' && parameter.startsWith(PLACEHOLDER) ? { name: parameter.slice(PLACEHOLDER.length) } : { constant: parameter });
    const entry = { query, slots };
    compiled.set(keyOf(db), entry);
    return entry;
  };

  return async (db, values) => {
    const { query, slots } = compiled.get(keyOf(db)) ?? compile(db);
    const parameters = slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
