// What the Definition Studio's actions answer, for the API reference: the shapes of engine/definition/studio.ts.
import { CODES } from '../../../engine/api/responseCodes';
import type { ActionReference } from '../core/action';

const TEXT = { type: 'string' };
const OR_NULL = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const SOURCE = { enum: ['FILE', 'STUDIO'] };

const ENTRY = {
  title: 'studio definition',
  type: 'object',
  required: ['key', 'schema', 'title', 'menucode', 'path', 'group', 'kind', 'version', 'source', 'conflict', 'draft', 'pendingRequest'],
  properties: {
    key: TEXT,
    schema: { enum: ['screen', 'menu-tree', 'selectors'] },
    title: TEXT,
    menucode: OR_NULL(TEXT),
    path: OR_NULL(TEXT),
    group: OR_NULL(TEXT),
    kind: OR_NULL(TEXT),
    version: { type: 'integer' },
    source: SOURCE,
    conflict: { type: 'boolean' },
    draft: { type: 'boolean' },
    pendingRequest: OR_NULL({ type: 'integer' }),
  },
};

const VERSION = {
  title: 'definition version',
  type: 'object',
  required: ['version', 'source', 'status', 'createdby', 'createddate'],
  properties: {
    version: { type: 'integer' },
    source: SOURCE,
    status: { enum: ['ACTIVE', 'SUPERSEDED', 'CONFLICT'] },
    reason: OR_NULL(TEXT),
    createdby: TEXT,
    createddate: TEXT,
    approvedby: OR_NULL(TEXT),
    approveddate: OR_NULL(TEXT),
  },
};

const PROBLEMS = {
  type: 'object',
  required: ['problems'],
  properties: { problems: { type: 'array', items: { type: 'object', required: ['path', 'message'], properties: { path: TEXT, message: TEXT, key: TEXT } } } },
};

const KEYED = { type: 'object', required: ['key'], properties: { key: TEXT, updateddate: TEXT } };

export const STUDIO_REFERENCES = {
  list: { summary: 'Every definition served, with its menu path and group, the caller\'s drafts and the requests waiting', result: { type: 'array', items: ENTRY } },
  detail: {
    summary: "One definition: its active text, the caller's draft, a file's text that changed under a studio version",
    result: {
      type: 'object',
      required: ['entry', 'text', 'draft', 'conflict'],
      properties: {
        entry: ENTRY,
        text: TEXT,
        draft: OR_NULL({ type: 'object', required: ['text', 'updateddate'], properties: { text: TEXT, updateddate: TEXT } }),
        conflict: OR_NULL({ type: 'object', required: ['version', 'text'], properties: { version: { type: 'integer' }, text: TEXT } }),
      },
    },
    codes: [CODES.NOT_FOUND],
  },
  check: { summary: "The checks of `npm run validate` on a text as the definition's next version, each problem at its JSON path; nothing is stored", result: PROBLEMS, codes: [CODES.NOT_FOUND] },
  saveDraft: { summary: "Keep the caller's draft of a definition", result: KEYED, codes: [CODES.NOT_FOUND] },
  discardDraft: { summary: "Drop the caller's draft of a definition", result: KEYED },
  submit: { summary: 'Submit a checked text as an approval request; refused with its problems (in the result) when the checks find any', codes: [CODES.NOT_FOUND, CODES.VALIDATION, CODES.APPROVAL_PENDING] },
  history: { summary: 'Every version of a definition, newest first', result: { type: 'array', items: VERSION }, codes: [CODES.NOT_FOUND] },
  version: { summary: "One version's text", result: { type: 'object', required: ['text'], properties: { text: TEXT } }, codes: [CODES.NOT_FOUND] },
  rollback: { summary: 'Ask, through an approval request, for an earlier version to be served again', codes: [CODES.NOT_FOUND, CODES.VALIDATION, CODES.APPROVAL_PENDING] },
} satisfies Record<string, ActionReference>;
