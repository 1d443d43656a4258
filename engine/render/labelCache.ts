// The signed-in session's labels of reference values (engine/render/useReferenceLabels.ts asks for them, once each).

/** Selector -> value (as text) -> its label; a value asked with no label is kept as null, so it is not asked again. */
export class LabelCache {
  readonly bySelector = new Map<string, Map<string, string | null>>();
  of(selector: string) {
    let map = this.bySelector.get(selector);
    if (!map) this.bySelector.set(selector, (map = new Map()));
    return map;
  }
}
