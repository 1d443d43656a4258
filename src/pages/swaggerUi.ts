// The renderer of the API reference page (swagger-ui), loaded with that page only: no other route carries it.
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

/** Draws the document into `element` (in place of one drawn before): read-only (no "try it out"), operations by tag. */
export function renderReference(element: HTMLElement, document: Record<string, unknown>): void {
  const host = window.document.createElement('div');
  element.replaceChildren(host);
  SwaggerUI({
    domNode: host,
    spec: document,
    deepLinking: false,
    docExpansion: 'none',
    defaultModelsExpandDepth: -1,
    supportedSubmitMethods: [],
    filter: true,
    validatorUrl: null,
  });
}
