// The Definition Studio's API (engine/definition/studio.ts STUDIO_API), under its menu's functions: ACCESS reads the
// definitions, drafts and history and checks a text; UPDATE keeps drafts and submits edits and rollbacks as approval
// requests. No studio page in the catalogue, no studio actions.
import { CODES } from '../../../engine/api/responseCodes';
import { APPROVAL_STATUS, APPROVAL_TEXTS } from '../../../engine/definition/approvals';
import { ACCESS_FUNCTION } from '../../../engine/definition/menuTree';
import { DEFINITION_LIMITS, STUDIO_API, STUDIO_FUNCTION, type StudioAction, type StudioCheck, type StudioDetail, type StudioEntry } from '../../../engine/definition/studio';
import { formatMessage } from '../../../engine/rules';
import { defineAction, type Action, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import { SERIAL_MAX } from '../db/columnTypes';
import type { Schema } from '../db/schema';
import type { Kysely } from 'kysely';
import { APPROVAL_REQUESTED } from '../approvals/directWrites';
import { insertRequest } from '../approvals/approvalStore';
import { submittedAnswer } from '../approvals/approvers';
import { definitionTitle } from '../definitionVersions/definitionVersionRules';
import { servedVersions, versionText } from '../definitionVersions/definitionVersionStore';
import type { ModuleServices } from '../serverModule';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import { registerStudioApprovals, STUDIO_RESOURCE, type StudioRequestData } from './definitionStudioHooks';
import { studioEntry, studioProblems } from './definitionStudioRules';
import { STUDIO_REFERENCES } from './definitionStudioReference';
import { conflictVersions, deleteDraft, draftKeys, pendingRequests, readDraft, saveDraft, versionHistory } from './definitionStudioStore';

const KEY = { type: 'string', minLength: 1, maxLength: 200 };
const TEXT = { type: 'string', maxLength: DEFINITION_LIMITS.maxBytes };
// Something besides blanks: the approver reads it.
const REASON = { type: 'string', minLength: 1, maxLength: DEFINITION_LIMITS.reasonMax, pattern: '\\S' };
const VERSION = { type: 'integer', minimum: 1, maximum: SERIAL_MAX };
const strict = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties });
const DATA = {
  key: strict({ key: KEY }),
  text: strict({ key: KEY, text: TEXT }),
  submit: strict({ key: KEY, text: TEXT, reason: REASON }),
  version: strict({ key: KEY, version: VERSION }),
  rollback: strict({ key: KEY, version: VERSION, reason: REASON }),
};

const notFound = (what: string) => new ApiError(CODES.NOT_FOUND, `${what} was not found`);

export function definitionStudioActions(services: ModuleServices): Action[] {
  const studio = services.catalogue.pages.find((page) => page.kind === 'studio');
  const { definitions, approvals } = services;
  if (!studio || !definitions || !approvals) return [];
  const menucode = studio.menucode;
  registerStudioApprovals(approvals, menucode, studio.title, definitions);
  const read = { function: `${menucode}_${ACCESS_FUNCTION}` };
  const write = { function: `${menucode}_${STUDIO_FUNCTION}` };
  const data = <T>(ctx: ActionContext) => ctx.parameter.data as T;

  /** A served definition's active version, or 1004. */
  async function served(db: Kysely<Schema>, key: string) {
    const active = (await servedVersions(db, definitions!.dir)).find((v) => v.definitionkey === key);
    if (!active) throw notFound(`Definition "${key}"`);
    return active;
  }

  /** The checks of `text` as the key's next version, each problem at its path. */
  async function check(db: Kysely<Schema>, key: string, text: string): Promise<StudioCheck & { raw: string[] }> {
    const raw = await definitions!.problems(db, [{ key, text }]);
    if (raw.length === 0) return { problems: [], raw };
    const texts = new Map((await servedVersions(db, definitions!.dir)).map((v) => [v.definitionkey, v.content]));
    texts.set(key, text);
    return { problems: studioProblems(raw, definitions!.dir, key, (k) => texts.get(k), [...texts.keys()]), raw };
  }

  /** A change as an approval request of the studio's menu (refused, nothing stored, when its checks find problems). */
  async function request(ctx: ActionContext, action: StudioAction, change: { key: string; text: string; reason: string; version?: number }) {
    const active = await served(ctx.db, change.key);
    const checked = await check(ctx.db, change.key, change.text);
    if (checked.raw.length > 0) throw new ApiError(CODES.VALIDATION, checked.raw.join('\n'), 200, undefined, { problems: checked.problems });
    const me = ctx.user!.username;
    const at = ctx.now();
    const title = definitionTitle(change.key, active.content);
    const requestData: StudioRequestData = { key: change.key, text: change.text, reason: change.reason.trim(), basedon: active.version, ...(change.version ? { version: change.version } : {}) };
    const requestid = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertRequest(
        trx,
        {
          menucode,
          action,
          resource: STUDIO_RESOURCE,
          recordkey: change.key,
          recordname: title,
          key: { key: change.key },
          data: { ...requestData },
          before: { content: active.content },
          proposed: { content: change.text },
          requestedby: me,
          requestdate: at.toISOString(),
        },
        formatMessage(APPROVAL_TEXTS.pending, { title, key: change.key }),
      );
      const after = { version: change.version ?? null, text: change.text };
      await writeUserLog(trx, { username: me, module: menucode, legend: LEGENDS.REQUEST_APPROVAL, recordkey: change.key, before: { version: active.version, text: active.content }, after, ip: ctx.ip }, at);
      // The draft became the request.
      if (action === 'publish') await deleteDraft(trx, change.key, me);
      return id;
    });
    const { message, approvers } = await submittedAnswer(ctx.db, approvals!.pages, { menucode, action });
    return { message, result: { requestid, status: APPROVAL_STATUS.PENDING, approvers } };
  }

  return [
    defineAction({
      path: STUDIO_API.list,
      guard: read,
      reference: STUDIO_REFERENCES.list,
      handler: async (ctx) => {
        const context = {
          menus: services.catalogue.menus,
          drafts: await draftKeys(ctx.db, ctx.user!.username),
          pending: await pendingRequests(ctx.db, menucode),
          conflicts: await conflictVersions(ctx.db),
        };
        const entries: StudioEntry[] = (await servedVersions(ctx.db, definitions.dir)).map((v) => studioEntry(v, context));
        return { result: entries };
      },
    }),
    defineAction({
      path: STUDIO_API.detail,
      guard: read,
      data: DATA.key,
      reference: STUDIO_REFERENCES.detail,
      handler: async (ctx) => {
        const { key } = data<{ key: string }>(ctx);
        const active = await served(ctx.db, key);
        const draft = await readDraft(ctx.db, key, ctx.user!.username);
        const conflict = (await conflictVersions(ctx.db, key)).get(key);
        const context = { menus: services.catalogue.menus, drafts: new Set(draft ? [key] : []), pending: await pendingRequests(ctx.db, menucode), conflicts: new Map(conflict ? [[key, conflict]] : []) };
        const entry = studioEntry(active, context);
        const detail: StudioDetail = {
          entry,
          text: active.content,
          draft: draft ? { text: draft.content, updateddate: draft.updateddate } : null,
          conflict: entry.conflict && conflict ? { version: conflict.version, text: conflict.content } : null,
        };
        return { result: detail };
      },
    }),
    defineAction({
      path: STUDIO_API.check,
      guard: read,
      data: DATA.text,
      reference: STUDIO_REFERENCES.check,
      handler: async (ctx) => {
        const { key, text } = data<{ key: string; text: string }>(ctx);
        await served(ctx.db, key);
        const { problems } = await check(ctx.db, key, text);
        return { result: { problems } satisfies StudioCheck };
      },
    }),
    defineAction({
      path: STUDIO_API.saveDraft,
      guard: write,
      data: DATA.text,
      reference: STUDIO_REFERENCES.saveDraft,
      handler: async (ctx) => {
        const { key, text } = data<{ key: string; text: string }>(ctx);
        const active = await served(ctx.db, key);
        const updateddate = ctx.now().toISOString();
        await saveDraft(ctx.db, { definitionkey: key, username: ctx.user!.username, content: text, basedon: active.version, updateddate });
        return { result: { key, updateddate } };
      },
    }),
    defineAction({
      path: STUDIO_API.discardDraft,
      guard: write,
      data: DATA.key,
      reference: STUDIO_REFERENCES.discardDraft,
      handler: async (ctx) => {
        const { key } = data<{ key: string }>(ctx);
        await deleteDraft(ctx.db, key, ctx.user!.username);
        return { result: { key } };
      },
    }),
    defineAction({
      path: STUDIO_API.submit,
      guard: write,
      data: DATA.submit,
      reference: { ...STUDIO_REFERENCES.submit, result: APPROVAL_REQUESTED },
      handler: (ctx) => request(ctx, 'publish', data<{ key: string; text: string; reason: string }>(ctx)),
    }),
    defineAction({
      path: STUDIO_API.history,
      guard: read,
      data: DATA.key,
      reference: STUDIO_REFERENCES.history,
      handler: async (ctx) => {
        const { key } = data<{ key: string }>(ctx);
        const versions = await versionHistory(ctx.db, key);
        if (versions.length === 0) throw notFound(`Definition "${key}"`);
        return { result: versions };
      },
    }),
    defineAction({
      path: STUDIO_API.version,
      guard: read,
      data: DATA.version,
      reference: STUDIO_REFERENCES.version,
      handler: async (ctx) => {
        const { key, version } = data<{ key: string; version: number }>(ctx);
        const text = await versionText(ctx.db, key, version);
        if (text === undefined) throw notFound(`Version ${version} of "${key}"`);
        return { result: { text } };
      },
    }),
    defineAction({
      path: STUDIO_API.rollback,
      guard: write,
      data: DATA.rollback,
      reference: { ...STUDIO_REFERENCES.rollback, result: APPROVAL_REQUESTED },
      handler: async (ctx) => {
        const { key, version, reason } = data<{ key: string; version: number; reason: string }>(ctx);
        const text = await versionText(ctx.db, key, version);
        if (text === undefined) throw notFound(`Version ${version} of "${key}"`);
        return request(ctx, 'rollback', { key, text, reason, version });
      },
    }),
  ];
}
