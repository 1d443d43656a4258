// Where the server answers its own API reference (an OpenAPI 3.1 document) to signed-in staff, and where the app shows it.
export const API_REFERENCE_PATH = '/api/reference/openapi';
export const API_DOCS_ROUTE = '/api-docs';
