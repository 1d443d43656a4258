// A definition version as the Definition Studio will store it, written straight into definition_version: active,
// replacing the active one (the tests of what the server serves once a studio version is in).
import type { Kysely } from 'kysely';
import { sha256Hex } from '../../server/platform/core/sha256';
import type { DefinitionVersionRow, Schema } from '../../server/platform/db/schema';

/** Stores `content` as the next version of `key`, STUDIO and ACTIVE, based on the file text `basedOn`; answers its version. */
export async function activateStudioVersion(db: Kysely<Schema>, key: string, content: string, basedOn: string): Promise<number> {
  const [latest] = await db.selectFrom('definition_version').select('version').where('definitionkey', '=', key).orderBy('version', 'desc').limit(1).execute();
  const at = new Date().toISOString();
  const row: DefinitionVersionRow = { definitionkey: key, version: latest!.version + 1, content, contenthash: sha256Hex(content), filehash: sha256Hex(basedOn), source: 'STUDIO', status: 'ACTIVE', reason: 'retitled', createdby: 'analyst', createddate: at, approvedby: 'admin', approveddate: at };
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('definition_version').set({ status: 'SUPERSEDED' }).where('definitionkey', '=', key).where('status', '=', 'ACTIVE').execute();
    await trx.insertInto('definition_version').values(row).execute();
  });
  return row.version;
}
