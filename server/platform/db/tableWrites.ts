// Which tables a statement writes, for caches of figures derived from them (the lists' counts): every insert,
// update and delete run through Kysely (built, or raw SQL starting with one) names its table, and the
// listeners hear it once the statement has run, whichever module wrote (an enrollment, a status change). A
// statement compiled once and run as compiled (compiledQueries.ts: the ledger's balance raise) is not heard:
// it skips the plugins' query step, and what it changes (balances) no list counts by.
import type { Kysely, KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

type Listener = (table: string) => void;

/** A raw statement's table when it writes one: `insert into t`, `update t`, `delete from t` (quoted or not). */
const RAW_WRITE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?([A-Za-z_][\w]*)"?/i;

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

/** The tables a statement writes (none for a read). */
export function writtenTables(node: RootOperationNode): string[] {
  const tables: (string | undefined)[] = [];
  switch (node.kind) {
    case 'InsertQueryNode':
      tables.push(tableName(node.into));
      break;
    case 'UpdateQueryNode':
      tables.push(tableName(node.table));
      break;
    case 'DeleteQueryNode':
      for (const from of node.from.froms) tables.push(tableName(from));
      break;
    case 'RawNode':
      tables.push(RAW_WRITE.exec(node.sqlFragments[0] ?? '')?.[1]);
      break;
  }
  return tables.filter((t): t is string => t !== undefined);
}

export class TableWrites implements KyselyPlugin {
  private readonly pending = new WeakMap<QueryId, string[]>();
  private readonly listeners = new Set<Listener>();

  /** Hears every table written from now on; returns the call that stops it. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size > 0) {
      const tables = writtenTables(node);
      if (tables.length > 0) this.pending.set(queryId, tables);
    }
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(queryId);
    if (tables) {
      this.pending.delete(queryId);
      for (const table of tables) this.wrote(table);
    }
    return result;
  }

  /** Tells the listeners `table` was written by a statement they could not hear (one run as compiled). */
  wrote(table: string): void {
    for (const listener of this.listeners) listener(table);
  }
}

/** Tells db's listeners (its transaction's too) that a statement run as compiled wrote `table`. */
export function announceWrite(db: Kysely<any>, table: string): void {
  for (const plugin of db.getExecutor().plugins) if (plugin instanceof TableWrites) plugin.wrote(table);
}
