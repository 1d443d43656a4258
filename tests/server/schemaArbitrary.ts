// Values a JSON Schema of the API reference calls valid, drawn with fast-check: the keywords the reference
// uses ($ref into the document, allOf, anyOf, enum, const, types, lengths, patterns, ranges, formats, objects).
import fc from 'fast-check';

type Schema = Record<string, any>;

/** The schema a `#/components/...` reference names in the document. */
function resolve(document: Schema, schema: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const target = schema.$ref
    .slice(2)
    .split('/')
    .reduce((node: Schema, part: string) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  const { $ref: _ref, ...rest } = schema;
  return merge(resolve(document, target), rest);
}

/** Two schemas both apply: their keywords together, objects' properties merged one by one. */
function merge(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (a.properties && b.properties) {
    merged.properties = { ...a.properties };
    for (const [name, schema] of Object.entries(b.properties as Schema)) merged.properties[name] = a.properties[name] ? merge(a.properties[name], schema) : schema;
  }
  if (a.required && b.required) merged.required = [...new Set([...a.required, ...b.required])];
  return merged;
}

const day = fc.integer({ min: -3000, max: 3000 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 20, min + 20);
  if (schema.format === 'date') return day;
  if (schema.format === 'date-time') return day.map((d) => `${d}T10:00:00.000Z`);
  if (typeof schema.pattern === 'string') {
    // fast-check draws no lookahead: drawn without them, kept when the whole pattern matches.
    const whole = new RegExp(schema.pattern);
    const drawn = new RegExp(schema.pattern.replace(/\(\?[=!][^)]*\)/g, ''));
    return fc.stringMatching(drawn).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity) && whole.test(s));
  }
  return fc.string({ minLength: min, maxLength: max });
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const low = Math.max(schema.minimum ?? -1e6, schema.exclusiveMinimum === undefined ? -1e6 : schema.exclusiveMinimum + 1);
  const high = Math.min(schema.maximum ?? 1e6, schema.exclusiveMaximum === undefined ? 1e6 : schema.exclusiveMaximum - 1);
  return integer ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) }) : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

function objectOf(document: Schema, schema: Schema): fc.Arbitrary<Schema> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const entries = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(document, property)]));
  return fc.record(entries, { requiredKeys: (schema.required ?? []).filter((name: string) => name in properties) });
}

/** An arbitrary of the values `schema` calls valid, within `document`. */
export function arbitraryOf(document: Schema, given: Schema): fc.Arbitrary<unknown> {
  let schema = resolve(document, given);
  if (schema.allOf) {
    const { allOf, ...rest } = schema;
    schema = (allOf as Schema[]).reduce((all: Schema, part) => merge(all, resolve(document, part)), rest);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return fc.oneof(...(branches as Schema[]).map((branch) => arbitraryOf(document, merge(rest, resolve(document, branch)))));
  }
  const types: string[] = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf(document, { ...schema, type })));
  switch (types[0]) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ? arbitraryOf(document, schema.items) : fc.string({ maxLength: 6 });
      const size = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) };
      return schema.uniqueItems ? fc.uniqueArray(items, { ...size, selector: (item) => JSON.stringify(item) }) : fc.array(items, size);
    }
    case 'object':
      return objectOf(document, schema);
    default:
      // No type: anything; the reference says no more.
      return schema.properties ? objectOf(document, schema) : fc.constant({});
  }
}
