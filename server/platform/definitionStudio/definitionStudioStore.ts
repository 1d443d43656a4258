// The Definition Studio's queries: each user's drafts, a definition's history, and what the finder lists beside the
// served versions (files changed under a studio version, requests waiting).
import type { Kysely } from 'kysely';
import type { StudioVersion } from '../../../engine/definition/studio';
import { APPROVAL_STATUS } from '../../../engine/definition/approvals';
import type { DefinitionDraftRow, Schema } from '../db/schema';

export type Draft = Pick<DefinitionDraftRow, 'content' | 'basedon' | 'updateddate'>;

export async function readDraft(db: Kysely<Schema>, key: string, username: string): Promise<Draft | undefined> {
  return db.selectFrom('definition_draft').select(['content', 'basedon', 'updateddate']).where('definitionkey', '=', key).where('username', '=', username).executeTakeFirst();
}

/** Keeps the user's draft of a key (one per key and user: a later save replaces it). */
export async function saveDraft(db: Kysely<Schema>, draft: DefinitionDraftRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteDraft(trx, draft.definitionkey, draft.username);
    await trx.insertInto('definition_draft').values(draft).execute();
  });
}

export async function deleteDraft(db: Kysely<Schema>, key: string, username: string): Promise<void> {
  await db.deleteFrom('definition_draft').where('definitionkey', '=', key).where('username', '=', username).execute();
}

/** The keys the user has drafts of. */
export async function draftKeys(db: Kysely<Schema>, username: string): Promise<Set<string>> {
  return new Set((await db.selectFrom('definition_draft').select('definitionkey').where('username', '=', username).execute()).map((r) => r.definitionkey));
}

/** Every version of a definition, newest first. */
export async function versionHistory(db: Kysely<Schema>, key: string): Promise<StudioVersion[]> {
  return db
    .selectFrom('definition_version')
    .select(['version', 'source', 'status', 'reason', 'createdby', 'createddate', 'approvedby', 'approveddate'])
    .where('definitionkey', '=', key)
    .orderBy('version', 'desc')
    .execute();
}

/** The CONFLICT versions (a file's text changed under a studio version), by key: the newest of each. */
export async function conflictVersions(db: Kysely<Schema>, key?: string): Promise<Map<string, { version: number; content: string }>> {
  let query = db.selectFrom('definition_version').select(['definitionkey', 'version', 'content']).where('status', '=', 'CONFLICT');
  if (key !== undefined) query = query.where('definitionkey', '=', key);
  const conflicts = new Map<string, { version: number; content: string }>();
  for (const row of await query.orderBy('version', 'asc').execute()) conflicts.set(row.definitionkey, { version: row.version, content: row.content });
  return conflicts;
}

/** The requests of the studio's menu still waiting, by definition key. */
export async function pendingRequests(db: Kysely<Schema>, menucode: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('approval_request').select(['recordkey', 'requestid']).where('menucode', '=', menucode).where('status', '=', APPROVAL_STATUS.PENDING).execute();
  return new Map(rows.map((r) => [r.recordkey, Number(r.requestid)]));
}

/** A definition's active version and its text. */
export async function activeVersion(db: Kysely<Schema>, key: string): Promise<{ version: number; content: string } | undefined> {
  return db.selectFrom('definition_version').select(['version', 'content']).where('definitionkey', '=', key).where('status', '=', 'ACTIVE').executeTakeFirst();
}
