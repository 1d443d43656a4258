// The Definition Studio (a page of kind "studio"): what its page and the server's studio actions share. An analyst
// finds a definition, edits its JSON (a draft kept per user), sees the checks of `npm run validate` at their JSON paths
// while typing, and submits it; the change is an approval request of the studio's menu, and its approval makes it the
// definition's next version, served by every app server without a restart (server/platform/definitionStudio).

/** The functions of the studio's menu: ACCESS reads definitions, drafts and history; UPDATE edits, submits and asks for rollbacks. */
export const STUDIO_FUNCTION = 'UPDATE';

/** The approval request actions of the studio's menu: a submitted edit, and an earlier version served again. */
export const STUDIO_ACTIONS = { publish: 'Publish', rollback: 'Rollback' } as const;
export type StudioAction = keyof typeof STUDIO_ACTIONS;

/** The studio's API, under the menu path's last segment (/definition-studio -> /api/definition-studio/...). */
export const STUDIO_API = {
  /** Every definition the product serves, for the studio's finder. */
  list: '/api/definition-studio/list',
  /** One definition: its active version, the caller's draft, a conflicting file's text, a request waiting. */
  detail: '/api/definition-studio/detail',
  /** The checks of `npm run validate` on a text as the key's next version, each at its JSON path; nothing is stored. */
  check: '/api/definition-studio/check',
  saveDraft: '/api/definition-studio/save-draft',
  discardDraft: '/api/definition-studio/discard-draft',
  /** The checked text as an approval request (refused with the checks' problems). */
  submit: '/api/definition-studio/submit',
  /** Every version of a definition, newest first. */
  history: '/api/definition-studio/history',
  /** One version's text (to compare with another). */
  version: '/api/definition-studio/version',
  /** An earlier version served again, through an approval request. */
  rollback: '/api/definition-studio/rollback',
} as const;

/** Which JSON Schema a definition is written against. */
export type DefinitionSchemaName = 'screen' | 'menu-tree' | 'selectors';

/** A definition in the studio's finder. */
export interface StudioEntry {
  /** Its key under screens/ ('basic-configuration/country.json', 'menu-tree.json', 'selectors.json'). */
  key: string;
  schema: DefinitionSchemaName;
  /** A page's title; the menu tree's and the selectors' name. */
  title: string;
  menucode: string | null;
  /** The menu's path ('/country'), if the page has a menu entry. */
  path: string | null;
  /** The menu group's label ('Basic Configuration'), if any. */
  group: string | null;
  /** A page's kind ('list' when it has none). */
  kind: string | null;
  /** The active version. */
  version: number;
  source: 'FILE' | 'STUDIO';
  /** A file changed under an active studio version: its text is kept as a CONFLICT version (start keeps the studio's). */
  conflict: boolean;
  /** The caller has a draft of it. */
  draft: boolean;
  /** A request for it waits for approval. */
  pendingRequest: number | null;
}

/** One version, as the history lists it. */
export interface StudioVersion {
  /** 1, 2, ... per definition. */
  version: number;
  source: 'FILE' | 'STUDIO';
  status: 'ACTIVE' | 'SUPERSEDED' | 'CONFLICT';
  reason: string | null;
  createdby: string;
  createddate: string;
  approvedby: string | null;
  approveddate: string | null;
}

/** The detail of one definition. */
export interface StudioDetail {
  entry: StudioEntry;
  /** The active version's text, in the newest schemaVersion. */
  text: string;
  draft: { text: string; updateddate: string } | null;
  /** The text of a file that changed under the active studio version. */
  conflict: { version: number; text: string } | null;
}

/** A problem of a text, at its JSON path ('' for the whole definition, or for a problem in another definition). */
export interface StudioProblem {
  /** A JSON Pointer into the checked text ('/fields/2/source/selector'). */
  path: string;
  message: string;
  /** The definition the problem is in, when another one (a removed field another screen names). */
  key?: string;
}

/** What the check answers: no problems means submit will take it. */
export interface StudioCheck {
  problems: StudioProblem[];
}

/** The data of the studio's calls. */
export interface StudioKey {
  key: string;
}
export interface StudioText extends StudioKey {
  text: string;
}
export interface StudioSubmit extends StudioText {
  /** Why: shown to the approver and kept with the version. */
  reason: string;
}
export interface StudioVersionKey extends StudioKey {
  version: number;
}
export interface StudioRollback extends StudioVersionKey {
  reason: string;
}

/** The most a definition may be: larger or deeper texts are refused with these messages (checked with `npm run validate`'s checks). */
export const DEFINITION_LIMITS = { maxBytes: 262_144, maxDepth: 24, reasonMax: 255 } as const;
