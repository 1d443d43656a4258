// The renderer of the API reference page (swagger-ui), loaded with that page only: no other route carries it.
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/** Draws the document into `element`: read-only (no "try it out"), operations by tag, deep links to each one. */
export function renderReference(element: HTMLElement, document: Record<string, unknown>): void {
  SwaggerUI({
    domNode: element,
    spec: document,
    deepLinking: false,
    docExpansion: 'none',
    defaultModelsExpandDepth: -1,
    supportedSubmitMethods: [],
    filter: true,
    validatorUrl: null,
  });
}
