// Where the server answers its own API reference (an OpenAPI 3.1 document) to signed-in staff, and where the app shows it.
export const API_REFERENCE_PATH = '/api/reference/openapi';
/** One tag's operations of that document, with every tag's name: what the page draws. */
export const API_REFERENCE_TAG_PATH = '/api/reference/openapi-tag';
/** The tag the page opens on: signing in, where every integration starts. */
export const API_REFERENCE_FIRST_TAG = 'session';
export const API_DOCS_ROUTE = '/api-docs';
