// The definition versions in the database: the start's sync of the files into them, and the active versions the
// product serves (its catalogue, `npm run definitions:export`, `npm run validate -- --database`).
import { sql, type Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { Schema } from '../db/schema';
import { isSqlite } from '../db/columnTypes';
import { catalogueFromTexts, definitionFileKeys, SCREENS_DIR, type DefinitionText } from '../definitions';
import { isEmptyPlan, planSync, servedKeys, type SyncPlan } from './definitionVersionRules';

/** Rows per insert statement (a definition is up to some tens of kilobytes). */
const INSERT_CHUNK = 50;
/** PostgreSQL: app servers starting together sync one at a time. */
const SYNC_LOCK = 'definition_version sync';

const readStates = (db: Kysely<Schema>) => db.selectFrom('definition_version').select(['definitionkey', 'version', 'source', 'status', 'filehash']).execute();

/**
 * Brings the versions up to the definition files (definitionVersionRules.ts planSync), in one transaction; a start
 * whose files are as the database last saw them writes nothing. Answers what it did, its conflicts included.
 */
export async function syncDefinitionVersions(db: Kysely<Schema>, files: readonly DefinitionText[], now: Date): Promise<SyncPlan> {
  const at = now.toISOString();
  const plan = planSync(files, await readStates(db), at);
  if (isEmptyPlan(plan)) return plan;
  return db.transaction().execute(async (trx) => {
    if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(hashtext(${SYNC_LOCK}))`.execute(trx);
    // Planned again under the lock: another server may have synced meanwhile.
    const locked = planSync(files, await readStates(trx), at);
    for (const { definitionkey, version } of locked.superseded) {
      await trx.updateTable('definition_version').set({ status: 'SUPERSEDED' }).where('definitionkey', '=', definitionkey).where('version', '=', version).execute();
    }
    for (let i = 0; i < locked.inserts.length; i += INSERT_CHUNK) await trx.insertInto('definition_version').values(locked.inserts.slice(i, i + INSERT_CHUNK)).execute();
    return locked;
  });
}

/** A database no server has started on has no versions: the scripts that read them say so plainly. */
export async function assertDefinitionVersions(db: Kysely<Schema>): Promise<void> {
  const tables = await db.introspection.getTables();
  const stored = tables.some((t) => t.name === 'definition_version') && (await db.selectFrom('definition_version').select('version').limit(1).executeTakeFirst());
  if (!stored) throw new Error('This database holds no definition versions yet: start the server on it once (npm start) first');
}

/** Keys in file order (sorted here, not by the database: PostgreSQL's collation orders '-' and '/' unlike the file system's listing). */
const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The served active versions' content hashes, by key, without their texts: what tells whether the served definitions
 * changed. `fileKeys`: the keys that have a definition file (definitionFileKeys), read once by a caller that asks often.
 */
export async function servedHashes(db: Kysely<Schema>, fileKeys: ReadonlySet<string>): Promise<{ key: string; contenthash: string }[]> {
  const active = await db.selectFrom('definition_version').select(['definitionkey', 'source', 'contenthash']).where('status', '=', 'ACTIVE').execute();
  const served = servedKeys(active, fileKeys);
  return active.filter((v) => served.has(v.definitionkey)).map((v) => ({ key: v.definitionkey, contenthash: v.contenthash })).sort(byKey);
}

/** The definitions the product serves (the active versions; see servedKeys), by key. */
export async function servedDefinitions(db: Kysely<Schema>, dir = SCREENS_DIR): Promise<DefinitionText[]> {
  const active = await db.selectFrom('definition_version').select(['definitionkey', 'source', 'content']).where('status', '=', 'ACTIVE').execute();
  const served = servedKeys(active, new Set(definitionFileKeys(dir)));
  return active.filter((v) => served.has(v.definitionkey)).map((v) => ({ key: v.definitionkey, text: v.content })).sort(byKey);
}

/** Any stored version's text whose content hash starts so (hex digits only: a page an older index named), if one is stored. */
export async function versionTextByHash(db: Kysely<Schema>, prefix: string): Promise<string | undefined> {
  if (!/^[0-9a-f]+$/.test(prefix)) return undefined;
  const row = await db.selectFrom('definition_version').select('content').where('contenthash', 'like', `${prefix}%`).limit(1).executeTakeFirst();
  return row?.content;
}

/** The catalogue of what the database serves (the same buildCatalogue as the files' loadCatalogue). */
export async function catalogueFromVersions(db: Kysely<Schema>, dir = SCREENS_DIR): Promise<Catalogue> {
  return catalogueFromTexts(await servedDefinitions(db, dir));
}
