// The engine's services for the studio's preview: the live server's reads, no writes (a save or an action answers
// that the preview saves nothing), and the definitions with the draft in its page's place.
import type { CallOptions } from '../../api/client';
import { CODES } from '../../api/responseCodes';
import { withDraft } from '../../definition/pageSource';
import type { PageDefinition } from '../../definition/screen';
import type { EngineServices } from '../EngineContext';
import { STUDIO_TEXTS } from './studioTexts';

/** Reads a page makes: lists, details, a report's info and files, selectors' options and labels. */
const READ_PATH = /\/(list|detail|[a-z-]+-detail|info|files|options|labels|progress)$/;

/** A read: a read path, or a panel's query (criteria only, no data to store). */
const isRead = (path: string, options: CallOptions = {}) => READ_PATH.test(path) || options.data === undefined;

export function previewServices(engine: EngineServices, draft: PageDefinition): EngineServices {
  const call: EngineServices['call'] = (path, options) =>
    isRead(path, options) ? engine.call(path, options) : Promise.resolve({ status: { responsecode: CODES.FORBIDDEN, responsemessage: STUDIO_TEXTS.previewNothingSaved } });
  return { ...engine, call, preview: true, definitions: withDraft(engine.definitions, draft) };
}
