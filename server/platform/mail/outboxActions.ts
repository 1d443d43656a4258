// The Outbox screen's files: Open Attachment (OUTBOX_DOWNLOAD) opens a mail's file in a new tab through the
// file links every action-made file uses, and a mail's detail lists the files it carries.
import type { Catalogue } from '../../../engine/definition/catalogue';
import { actionFunctionCode, isCustomAction } from '../../../engine/definition/compile';
import { CODES } from '../../../engine/api/responseCodes';
import { defineAction, type Action } from '../core/action';
import { ApiError } from '../core/apiError';
import { FILE_LINK, issueFileLink } from '../session/fileLinks';
import type { HookRegistry } from '../resources/hooks';
import { attachmentsOf, readAttachment } from '../core/mailer';

export const OUTBOX_RESOURCE = 'outbox';
export const ATTACHMENT_ACTION = 'attachment';
/** The Outbox definition's `stored: false` field listing a mail's files. */
export const ATTACHED_FILES_FIELD = 'attachedfiles';

/** One line per file: its name, size and type. */
export const attachedFilesText = (files: { filename: string; size: number; contenttype: string }[]): string =>
  files.map((f) => `${f.filename}  (${(f.size / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB, ${f.contenttype})`).join('\n');

export function outboxActions(catalogue: Catalogue): Action[] {
  const screen = catalogue.screenByResource.get(OUTBOX_RESOURCE);
  const open = screen?.actions.filter(isCustomAction).find((a) => a.name === ATTACHMENT_ACTION);
  if (!screen || !open) return [];
  return [
    defineAction({
      path: `/api/${OUTBOX_RESOURCE}/${ATTACHMENT_ACTION}`,
      guard: { function: actionFunctionCode(screen, open) },
      data: { type: 'object', required: ['mailid'], properties: { mailid: { type: 'string', minLength: 1, maxLength: 40 } } },
      reference: { summary: "A mail's attachments: a one-time path to open", result: { ...FILE_LINK, required: ['path', 'filename'] }, codes: [CODES.NOT_FOUND] },
      handler: async (ctx) => {
        const { mailid } = ctx.parameter.data as { mailid: string };
        const file = await readAttachment(ctx.db, mailid);
        if ('problem' in file) throw new ApiError(CODES.NOT_FOUND, file.problem);
        return { result: { path: await issueFileLink(ctx, { file }), filename: file.filename } };
      },
    }),
  ];
}

export const outboxHooks: HookRegistry = {
  [OUTBOX_RESOURCE]: {
    loadUnstored: async (db, record) => ({ [ATTACHED_FILES_FIELD]: attachedFilesText((await attachmentsOf(db, [String(record.mailid)])).get(String(record.mailid)) ?? []) }),
  },
};
