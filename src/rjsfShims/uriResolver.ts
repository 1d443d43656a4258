// Stands in for fast-uri inside @rjsf/utils (vite.config.ts swaps it in for the build): rjsf resolves URIs only
// for a schema's `$ref` and `$id`, and the engine's compiled schemas carry neither (engine/definition/compile.ts).
// The URL parser the browser has does what little is left (fast-uri was 6.5 KiB brotli of every form).

/** A reference resolved against its base: a fragment keeps the base's document, anything else goes through URL. */
function resolve(base: string, reference: string): string {
  if (reference.startsWith('#')) return `${base.split('#')[0]}${reference}`;
  try {
    return new URL(reference, base).href;
  } catch {
    return reference;
  }
}

/** Whether two URIs name the same thing, an empty fragment aside. */
const equal = (a: string, b: string): boolean => a.replace(/#$/, '') === b.replace(/#$/, '');

export default { resolve, equal };
