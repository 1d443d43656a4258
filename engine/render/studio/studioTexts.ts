// The studio page's own texts, declared once: the page and its browser test use them.
import { PREVIEW_NOTHING_SAVED } from '../EngineContext';

export const STUDIO_TEXTS = {
  finder: 'Find a definition by title, menu path or group',
  preview: 'Preview',
  previewNothingSaved: PREVIEW_NOTHING_SAVED,
  previewNone: 'This definition has no page to preview',
  previewBroken: 'The preview cannot draw this draft',
  saveDraft: 'Save Draft',
  draftSaved: 'Draft saved',
  discard: 'Discard',
  submit: 'Submit',
  submitTitle: 'Submit for approval',
  reason: 'Reason',
  submitted: (requestid: number) => `Submitted for approval: request ${requestid}`,
  waiting: (requestid: number) => `Request ${requestid} waits for approval`,
  draftOffered: 'You have a draft of this definition',
  openDraft: 'Open draft',
  conflict: 'The file changed under the studio version',
  showConflict: "Show the file's text",
  problems: 'Problems',
  history: 'History',
  compare: 'Compare',
  rollback: 'Rollback',
  rollbackTitle: (version: number) => `Rollback to version ${version}`,
  rollbackRequested: (requestid: number) => `Rollback submitted for approval: request ${requestid}`,
} as const;
