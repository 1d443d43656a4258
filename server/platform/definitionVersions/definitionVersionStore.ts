// The definition versions in the database: the start's sync of the files into them, and the active versions the
// product serves (its catalogue, `npm run definitions:export`, `npm run validate -- --database`), and the versions
// the Definition Studio activates while the product runs.
import { sql, type Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import type { DefinitionVersionRow, Schema } from '../db/schema';
import { CODES } from '../../../engine/api/responseCodes';
import { ApiError } from '../core/apiError';
import { sha256Hex } from '../core/sha256';
import { schemaDrift, SchemaDriftError } from '../resources/schemaSync';
import { checkDefinitionTexts } from './definitionChecks';
import { isSqlite } from '../db/columnTypes';
import { catalogueFromTexts, definitionFileKeys, SCREENS_DIR, type DefinitionText, type VersionChange } from '../definitions';
import { definitionTitle, isEmptyPlan, planSync, servedKeys, type SyncPlan } from './definitionVersionRules';
import { APPROVAL_TEXTS } from '../../../engine/definition/approvals';
import { formatMessage } from '../../../engine/rules';

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

/** The active versions the product serves (see servedKeys), by key: what the studio lists. */
export async function servedVersions(db: Kysely<Schema>, dir = SCREENS_DIR): Promise<Pick<DefinitionVersionRow, 'definitionkey' | 'version' | 'source' | 'content'>[]> {
  const active = await db.selectFrom('definition_version').select(['definitionkey', 'version', 'source', 'content']).where('status', '=', 'ACTIVE').execute();
  const served = servedKeys(active, new Set(definitionFileKeys(dir)));
  return active.filter((v) => served.has(v.definitionkey)).sort((a, b) => byKey({ key: a.definitionkey }, { key: b.definitionkey }));
}

/** The definitions the product serves (the active versions; see servedKeys), by key. */
export async function servedDefinitions(db: Kysely<Schema>, dir = SCREENS_DIR): Promise<DefinitionText[]> {
  return (await servedVersions(db, dir)).map((v) => ({ key: v.definitionkey, text: v.content }));
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

export interface ActivateOptions {
  /** The checks of the definitions the change would serve (default: `npm run validate`'s, report names unchecked). */
  check?: (definitions: readonly DefinitionText[]) => string[];
  dir?: string;
  now?: Date;
}

/**
 * Every problem of serving `changes` on top of the definitions `db` serves, the one check of the studio's check, its
 * submit and an activation: a text that does not parse, what `npm run validate` (and the server's own build) would
 * refuse once they are in, and a change a start would refuse for the resource tables (a stored column removed or
 * retyped). Each problem as those checks print it.
 */
export async function definitionProblems(db: Kysely<Schema>, changes: readonly DefinitionText[], options: ActivateOptions = {}): Promise<string[]> {
  const dir = options.dir ?? SCREENS_DIR;
  const unparsed: string[] = [];
  for (const change of changes) {
    try {
      JSON.parse(change.text);
    } catch (error) {
      unparsed.push(`${change.key}: ${(error as Error).message}`);
    }
  }
  if (unparsed.length > 0) return unparsed;
  const changed = new Set(changes.map((c) => c.key));
  const definitions = [...(await servedDefinitions(db, dir)).filter((d) => !changed.has(d.key)), ...changes.map((c) => ({ key: c.key, text: c.text }))];
  const problems = (options.check ?? ((d) => checkDefinitionTexts(d, dir).problems))(definitions);
  if (problems.length > 0) return problems;
  const drift = await schemaDrift(db, catalogueFromTexts(definitions));
  return drift.length > 0 ? [new SchemaDriftError(drift).message] : [];
}

/**
 * Stores `text` as the key's next version, STUDIO and ACTIVE (the active one SUPERSEDED), in one transaction; refuses
 * (ApiError 1002, nothing written) what definitionProblems finds.
 */
export async function activateVersion(db: Kysely<Schema>, change: VersionChange, options: ActivateOptions = {}): Promise<DefinitionVersionRow> {
  return (await activateVersions(db, [change], options))[0]!;
}

/**
 * activateVersion of several definitions at once, checked and stored together (a new screen and its menu). Checked
 * under the lock in the writing transaction (a decision's, when `db` joins one): against the definitions as they are then.
 */
export async function activateVersions(db: Kysely<Schema>, changes: readonly VersionChange[], options: ActivateOptions = {}): Promise<DefinitionVersionRow[]> {
  const at = (options.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(hashtext(${SYNC_LOCK}))`.execute(trx);
    const stored = new Map<string, { version: number; status: string; filehash: string | null; content: string }[]>();
    for (const change of changes) {
      const versions = await trx.selectFrom('definition_version').select(['version', 'status', 'filehash', 'content']).where('definitionkey', '=', change.key).execute();
      const active = versions.find((v) => v.status === 'ACTIVE');
      if (change.basedon !== undefined && active?.version !== change.basedon) {
        throw new ApiError(CODES.RECORD_CHANGED, formatMessage(APPROVAL_TEXTS.changed, { title: definitionTitle(change.key, active?.content), key: change.key }));
      }
      stored.set(change.key, versions);
    }
    const problems = await definitionProblems(trx, changes, options);
    if (problems.length > 0) throw new ApiError(CODES.VALIDATION, problems.join('\n'));
    const rows: DefinitionVersionRow[] = [];
    for (const change of changes) {
      const versions = stored.get(change.key)!;
      const active = versions.find((v) => v.status === 'ACTIVE');
      const row: DefinitionVersionRow = {
        definitionkey: change.key,
        version: Math.max(0, ...versions.map((v) => v.version)) + 1,
        content: change.text,
        contenthash: sha256Hex(change.text),
        // The file the version was based on: a start that finds that file unchanged keeps serving this version.
        filehash: active?.filehash ?? null,
        source: 'STUDIO',
        status: 'ACTIVE',
        reason: change.reason,
        createdby: change.by,
        createddate: at,
        approvedby: change.approvedby ?? null,
        approveddate: change.approvedby ? at : null,
      };
      if (active) await trx.updateTable('definition_version').set({ status: 'SUPERSEDED' }).where('definitionkey', '=', change.key).where('status', '=', 'ACTIVE').execute();
      await trx.insertInto('definition_version').values(row).execute();
      rows.push(row);
    }
    return rows;
  });
}

/** One version's text, if stored. */
export async function versionText(db: Kysely<Schema>, key: string, version: number): Promise<string | undefined> {
  const row = await db.selectFrom('definition_version').select('content').where('definitionkey', '=', key).where('version', '=', version).executeTakeFirst();
  return row?.content;
}

/** Serves an earlier version of a definition again: its text activated as the next version (with activateVersion's checks). */
export async function rollbackTo(db: Kysely<Schema>, key: string, version: number, by: string, reason: string, options: ActivateOptions = {}): Promise<DefinitionVersionRow> {
  const earlier = await versionText(db, key, version);
  if (earlier === undefined) throw new ApiError(CODES.VALIDATION, `${key} has no version ${version}`);
  return activateVersion(db, { key, text: earlier, by, reason }, options);
}

/**
 * A stamp of the versions stored: every activation and every start's sync adds a version, so it changes whenever
 * what a database serves may have (a server polls it to serve a version another server activated).
 */
export async function versionsStamp(db: Kysely<Schema>): Promise<string> {
  const { versions, latest } = await db
    .selectFrom('definition_version')
    .select((eb) => [eb.fn.countAll<number | string>().as('versions'), eb.fn.max('createddate').as('latest')])
    .executeTakeFirstOrThrow();
  return `${versions}/${latest ?? ''}`;
}
