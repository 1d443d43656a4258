// The API reference for signed-in staff, as actions of the protocol: the envelope's result is the whole document,
// or one tag's part of it (what the API Reference page draws).
import { defineAction, type Action } from '../core/action';
import { API_REFERENCE_PATH, API_REFERENCE_TAG_PATH } from '../../../engine/api/apiReference';
import { CODES } from '../../../engine/api/responseCodes';
import { formatMessage } from '../../../engine/rules';
import { ApiError } from '../core/apiError';
import { tagDocument, type OpenApiDocument } from './openApiDocument';
import * as moduleTexts from './texts.json';

// not in spec: the product's own texts.
export const OPENAPI_TEXTS = moduleTexts.openApi;

export const OPENAPI_PATH = API_REFERENCE_PATH;
/** The document as a plain GET for client generators (`curl -H 'Authorization: Bearer …'`). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';

export function openApiActions(document: () => OpenApiDocument): Action[] {
  // Each tag's document is made once, when first asked for (unknown tags are not kept).
  const byTag = new Map<string, NonNullable<ReturnType<typeof tagDocument>>>();
  const whole = defineAction({
    path: OPENAPI_PATH,
    guard: 'session',
    reference: {
      summary: 'This API reference (OpenAPI 3.1)',
      description: 'The document this page was made from, built at start from the actions and routes the server serves.',
      result: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } } },
    },
    handler: async () => ({ result: document() }),
  });
  const oneTag = defineAction({
    path: API_REFERENCE_TAG_PATH,
    guard: 'session',
    data: { type: 'object', required: ['tag'], properties: { tag: { type: 'string', minLength: 1, maxLength: 80 } } },
    reference: {
      summary: "One tag's operations of this API reference",
      description: 'The document with only the operations of the tag and the components they use; `x-tag-names` lists every tag.',
      result: { type: 'object', required: ['openapi', 'paths', 'x-tag-names'], properties: { openapi: { const: '3.1.0' }, paths: { type: 'object' }, 'x-tag-names': { type: 'array', items: { type: 'string' } } } },
      codes: [CODES.VALIDATION],
    },
    handler: async (ctx) => {
      const { tag } = ctx.parameter.data as { tag: string };
      const found = byTag.get(tag) ?? tagDocument(document(), tag);
      if (!found) {
        const problem = formatMessage(OPENAPI_TEXTS.unknownTag, { tag });
        throw new ApiError(CODES.VALIDATION, problem, 200, { tag: problem });
      }
      byTag.set(tag, found);
      return { result: found };
    },
  });
  return [whole, oneTag];
}
