// The engine's services for the studio's preview: the live server's reads, no writes (a save or an action answers
// that the preview saves nothing), and the definitions with the draft in its page's place.
import type { CallOptions } from '../../api/client';
import { CODES } from '../../api/responseCodes';
import { withDraft } from '../../definition/pageSource';
import type { PageDefinition } from '../../definition/screen';
import { PREVIEW_NOTHING_SAVED, type EngineServices } from '../EngineContext';

/** Reads a page makes: lists, details, a report's info and files, selectors' options and labels. */
const READ_PATH = /\/(list|detail|[a-z-]+-detail|info|files|options|labels|progress)$/;

/** A read: a read path, or a panel's query (criteria only, no data to store). */
const isRead = (path: string, options: CallOptions = {}) => READ_PATH.test(path) || options.data === undefined;

/** The engine's call with writes refused (the same function for the same engine, so a new draft reloads no more than it must). */
const previewCalls = new WeakMap<EngineServices['call'], EngineServices['call']>();
function previewCall(call: EngineServices['call']): EngineServices['call'] {
  let guarded = previewCalls.get(call);
  if (!guarded) {
    guarded = (path, options) => (isRead(path, options) ? call(path, options) : Promise.resolve({ status: { responsecode: CODES.FORBIDDEN, responsemessage: PREVIEW_NOTHING_SAVED } }));
    previewCalls.set(call, guarded);
  }
  return guarded;
}

export function previewServices(engine: EngineServices, draft: PageDefinition): EngineServices {
  return { ...engine, call: previewCall(engine.call), preview: true, definitions: withDraft(engine.definitions, draft) };
}
