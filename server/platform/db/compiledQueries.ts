// Statements built and compiled once by shape: on a small read Kysely's builder and compiler cost more
// than the database's own work. A shape's parameters are slot markers until a call fills them in.
import { CompiledQuery, type Kysely } from 'kysely';

const SLOT = '\u0000slot:';
/** Compiled statements by shape at most, per dialect (the least recently compiled dropped first). */
const MAX_COMPILED = 2_000;

/** The marker of the i-th value a compiled shape takes. */
export const slot = (i: number): string => `${SLOT}${i}`;

/** Compiled statements by dialect (a database's adapter, shared by its transactions), then by shape. */
const compiledByDialect = new WeakMap<object, Map<string, CompiledQuery>>();

/** The statement of this shape compiled for db's dialect: `compile` runs once per shape and dialect. */
export function compiledOnce(db: Kysely<any>, shape: string, compile: () => CompiledQuery): CompiledQuery {
  const adapter = db.getExecutor().adapter;
  let compiled = compiledByDialect.get(adapter);
  if (!compiled) compiledByDialect.set(adapter, (compiled = new Map()));
  let query = compiled.get(shape);
  if (!query) {
    query = compile();
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(shape, query);
  }
  return query;
}

/** The compiled shape with its slots filled by `values` (slot i takes values[i]). */
export function fill(compiled: CompiledQuery, values: readonly unknown[]): CompiledQuery {
  const parameters = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(SLOT) ? values[Number(p.slice(SLOT.length))] : p));
  return CompiledQuery.raw(compiled.sql, parameters);
}
