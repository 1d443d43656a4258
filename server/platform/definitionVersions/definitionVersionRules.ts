// What a start does with the definition files it finds, given the versions the database holds: pure, from rows to
// the rows to write (definitionVersionStore.ts writes them); and what a definition is called where it is listed.
import { sha256Hex } from '../core/sha256';
import { MENU_TREE_FILE, SELECTORS_FILE } from '../../../engine/definition/definitionFiles';
import type { DefinitionText } from '../definitions';
import type { DefinitionVersionRow } from '../db/schema';

/** A version as the sync reads it (no content). */
export type VersionState = Pick<DefinitionVersionRow, 'definitionkey' | 'version' | 'source' | 'status' | 'filehash'>;

/** A file changed under an active studio version: the studio's stays served, the file's text is kept beside it. */
export interface DefinitionConflict {
  key: string;
  /** The studio version served. */
  active: number;
  /** The version holding the file's text. */
  conflict: number;
  /** Stored by this start (otherwise an earlier start stored it). */
  stored: boolean;
}

export interface SyncPlan {
  inserts: DefinitionVersionRow[];
  /** Active versions a new file version replaces. */
  superseded: { definitionkey: string; version: number }[];
  conflicts: DefinitionConflict[];
}

export const SYSTEM_USER = 'system';

const fileVersion = (file: DefinitionText, filehash: string, version: number, status: 'ACTIVE' | 'CONFLICT', at: string): DefinitionVersionRow => ({
  definitionkey: file.key,
  version,
  content: file.text,
  contenthash: filehash,
  filehash,
  source: 'FILE',
  status,
  reason: status === 'ACTIVE' ? 'from file' : 'file changed under a studio version',
  createdby: SYSTEM_USER,
  createddate: at,
  approvedby: null,
  approveddate: null,
});

/**
 * For each file: none stored -> version 1 FILE ACTIVE; the active one is FILE of another file hash -> a new FILE
 * version ACTIVE, the old SUPERSEDED; the active one is STUDIO and the file is the one it was based on -> nothing;
 * it is STUDIO and the file changed -> the file's text as a CONFLICT version (once per file hash). A key without a
 * file keeps its versions. Unchanged files plan nothing.
 */
export function planSync(files: readonly DefinitionText[], versions: readonly VersionState[], at: string): SyncPlan {
  const byKey = new Map<string, VersionState[]>();
  for (const v of versions) byKey.set(v.definitionkey, [...(byKey.get(v.definitionkey) ?? []), v]);
  const plan: SyncPlan = { inserts: [], superseded: [], conflicts: [] };
  for (const file of files) {
    const filehash = sha256Hex(file.text);
    const stored = byKey.get(file.key) ?? [];
    const next = Math.max(0, ...stored.map((v) => v.version)) + 1;
    const active = stored.find((v) => v.status === 'ACTIVE');
    if (!active) {
      plan.inserts.push(fileVersion(file, filehash, next, 'ACTIVE', at));
    } else if (active.filehash === filehash) {
      continue;
    } else if (active.source === 'FILE') {
      plan.superseded.push({ definitionkey: file.key, version: active.version });
      plan.inserts.push(fileVersion(file, filehash, next, 'ACTIVE', at));
    } else {
      const earlier = stored.find((v) => v.status === 'CONFLICT' && v.filehash === filehash && v.version > active.version);
      if (!earlier) plan.inserts.push(fileVersion(file, filehash, next, 'CONFLICT', at));
      plan.conflicts.push({ key: file.key, active: active.version, conflict: earlier?.version ?? next, stored: !earlier });
    }
  }
  return plan;
}

/** The plan writes nothing. */
export const isEmptyPlan = (plan: SyncPlan): boolean => plan.inserts.length === 0 && plan.superseded.length === 0;

/**
 * What the product serves: every key's active version, but for a file removed from screens/ whose active version
 * came from that file (its removal is the change; its versions stay). A studio version is served without a file.
 */
export function servedKeys(active: readonly Pick<VersionState, 'definitionkey' | 'source'>[], fileKeys: ReadonlySet<string>): Set<string> {
  return new Set(active.filter((v) => v.source === 'STUDIO' || fileKeys.has(v.definitionkey)).map((v) => v.definitionkey));
}

/** What the menu tree and the selectors are called where a page would show its title. */
export const DEFINITION_NAMES: Readonly<Record<string, string>> = { [MENU_TREE_FILE]: 'Menu Tree', [SELECTORS_FILE]: 'Selectors' };

/** A definition's title: a page's own, the menu tree's and the selectors' name, else its key (a text that does not parse). */
export function definitionTitle(key: string, text: string | undefined): string {
  const named = DEFINITION_NAMES[key];
  if (named) return named;
  try {
    const title = (JSON.parse(text ?? '') as { title?: unknown }).title;
    return typeof title === 'string' ? title : key;
  } catch {
    return key;
  }
}
