// The API reference for signed-in staff, as an action of the protocol: the envelope's result is the document.
import { defineAction, type Action } from '../core/action';
import { API_REFERENCE_PATH } from '../../../engine/api/apiReference';
import type { OpenApiDocument } from './openApiDocument';

export const OPENAPI_PATH = API_REFERENCE_PATH;
/** The document as a plain GET for client generators (`curl -H 'Authorization: Bearer …'`). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';

export function openApiAction(document: () => OpenApiDocument): Action {
  return defineAction({
    path: OPENAPI_PATH,
    guard: 'session',
    reference: {
      summary: 'This API reference (OpenAPI 3.1)',
      description: 'The document this page was made from, built at start from the actions and routes the server serves.',
      result: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } } },
    },
    handler: async () => ({ result: document() }),
  });
}
