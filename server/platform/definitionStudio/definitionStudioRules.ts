// The Definition Studio's pure rules: what the finder lists of each served definition, and each problem of
// `npm run validate` placed at a JSON Pointer into the text it is about.
import { join } from 'node:path';
import { MENU_TREE_FILE, SELECTORS_FILE } from '../../../engine/definition/definitionFiles';
import type { FlatMenuItem } from '../../../engine/definition/menuTree';
import type { DefinitionSchemaName, StudioEntry, StudioProblem } from '../../../engine/definition/studio';
import type { DefinitionVersionRow } from '../db/schema';
import { definitionTitle } from '../definitionVersions/definitionVersionRules';

export const schemaOf = (key: string): DefinitionSchemaName => (key === MENU_TREE_FILE ? 'menu-tree' : key === SELECTORS_FILE ? 'selectors' : 'screen');

/** A served version as the finder reads it. */
export type ServedVersion = Pick<DefinitionVersionRow, 'definitionkey' | 'version' | 'source' | 'content'>;

/** What the finder knows besides the versions: the caller's drafts, the requests waiting and the newest CONFLICT versions. */
export interface EntryContext {
  menus: readonly FlatMenuItem[];
  drafts: ReadonlySet<string>;
  pending: ReadonlyMap<string, number>;
  conflicts: ReadonlyMap<string, { version: number }>;
}

const parsedPage = (text: string): { menucode?: unknown; kind?: unknown } => {
  try {
    return JSON.parse(text) as { menucode?: unknown; kind?: unknown };
  } catch {
    return {};
  }
};

/** One served definition in the finder: its title, its menu's path and group, and what waits on it. */
export function studioEntry(served: ServedVersion, context: EntryContext): StudioEntry {
  const key = served.definitionkey;
  const schema = schemaOf(key);
  const page = schema === 'screen' ? parsedPage(served.content) : {};
  const menucode = typeof page.menucode === 'string' ? page.menucode : null;
  const menu = menucode ? context.menus.find((m) => m.menucode === menucode) : undefined;
  const conflict = context.conflicts.get(key);
  return {
    key,
    schema,
    title: definitionTitle(key, served.content),
    menucode,
    path: menu?.path ?? null,
    group: menu?.groupPath.at(-1) ?? null,
    kind: schema === 'screen' ? (typeof page.kind === 'string' ? page.kind : 'list') : null,
    version: served.version,
    source: served.source,
    conflict: !!conflict && conflict.version > served.version,
    draft: context.drafts.has(key),
    pendingRequest: context.pending.get(key) ?? null,
  };
}

/** A cross check's path ('fields[2].source', 'items[3].children[0].path', 'selectors.ticket-office.extra') before its ': '. */
const CROSS_PATH = /^([A-Za-z_$][\w$-]*(?:\[\d+\]|\.[\w$-]+)*): /;

const escaped = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The segments of a cross check's path: 'fields[2].source' -> ['fields', '2', 'source']. */
const segmentsOf = (path: string): string[] => path.split(/\.|\[(\d+)\]/).filter((s): s is string => s !== undefined && s !== '');

/** The longest start of `segments` that names something in `json`, as a JSON Pointer ('' for the whole). */
function pointerIn(json: unknown, segments: readonly string[]): string {
  let at = json;
  let pointer = '';
  for (const segment of segments) {
    if (at === null || typeof at !== 'object' || !(segment in at)) break;
    at = (at as Record<string, unknown>)[segment];
    pointer += `/${escaped(segment)}`;
  }
  return pointer;
}

/** Where a problem's message (without its file) points in its definition's text. */
export function problemPath(message: string, text: string | undefined): string {
  if (message.startsWith('/')) {
    // A schema problem: '/fields/2/rules must ...' is already a pointer ('/' the whole definition).
    const space = message.indexOf(' ');
    const pointer = space < 0 ? message : message.slice(0, space);
    return pointer === '/' ? '' : pointer;
  }
  const cross = CROSS_PATH.exec(message);
  if (!cross || text === undefined) return '';
  try {
    return pointerIn(JSON.parse(text), segmentsOf(cross[1]!));
  } catch {
    return '';
  }
}

/**
 * The problems of `npm run validate` ('<dir>/<key>: <message>') as the studio shows them: the message without its
 * file, at its JSON Pointer, and the key when it is about another definition than `key`. `textOf`: a definition's text.
 */
export function studioProblems(problems: readonly string[], dir: string, key: string, textOf: (key: string) => string | undefined, keys: readonly string[]): StudioProblem[] {
  const prefixes = [...new Set([key, ...keys])].flatMap((k) => [`${join(dir, k)}: `, `${dir}/${k}: `, `${k}: `].map((prefix) => ({ k, prefix })));
  return problems.map((problem) => {
    const found = prefixes.find((p) => problem.startsWith(p.prefix));
    if (!found) return { path: '', message: problem };
    const message = problem.slice(found.prefix.length);
    const path = problemPath(message, textOf(found.k));
    return found.k === key ? { path, message } : { path, message, key: found.k };
  });
}
