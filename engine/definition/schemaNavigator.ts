// The definition schemas (JSON Schema 2020-12) walked to a place in a document: which schemas apply at a JSON path,
// through $ref, allOf, anyOf/oneOf, if/then/else (decided on the document's value), properties and items. The studio's
// editor completes keys and enum values and shows descriptions from them; pure, no editor code.

export interface SchemaNode {
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode | boolean>;
  items?: SchemaNode | boolean;
  prefixItems?: (SchemaNode | boolean)[];
  additionalProperties?: SchemaNode | boolean;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  allOf?: (SchemaNode | boolean)[];
  anyOf?: (SchemaNode | boolean)[];
  oneOf?: (SchemaNode | boolean)[];
  if?: SchemaNode | boolean;
  then?: SchemaNode | boolean;
  else?: SchemaNode | boolean;
}

export type JsonPath = (string | number)[];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value);

/** A '#/$defs/name' reference in the root schema. */
function resolveRef(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const part of ref.slice(2).split('/')) at = isObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(at) ? (at as SchemaNode) : undefined;
}

/**
 * Whether a value passes an `if` schema, for what the definition schemas ask there: type, const, enum, required and
 * the properties' own such checks. A value not yet typed (undefined) passes nothing that requires something.
 */
export function passes(root: SchemaNode, schema: SchemaNode | boolean | undefined, value: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if (schema.$ref) return passes(root, resolveRef(root, schema.$ref), value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return false;
  }
  if ('const' in schema && schema.const !== value) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.required && !(isObject(value) && schema.required.every((key) => key in value))) return false;
  if (schema.properties && isObject(value)) {
    for (const [key, property] of Object.entries(schema.properties)) if (key in value && !passes(root, property, value[key])) return false;
  }
  return (schema.allOf ?? []).every((part) => passes(root, part, value));
}

/** The schemas that apply to a value at once: the node, what it refers to, its allOf/anyOf/oneOf parts and the if's branch. */
export function expand(root: SchemaNode, schema: SchemaNode | boolean | undefined, value: unknown, seen = new Set<SchemaNode>()): SchemaNode[] {
  if (!isObject(schema) || seen.has(schema as SchemaNode)) return [];
  const node = schema as SchemaNode;
  seen.add(node);
  const parts: SchemaNode[] = [node];
  if (node.$ref) parts.push(...expand(root, resolveRef(root, node.$ref), value, seen));
  for (const part of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) parts.push(...expand(root, part, value, seen));
  if (node.if !== undefined) parts.push(...expand(root, passes(root, node.if, value) ? node.then : node.else, value, seen));
  return parts;
}

/** The value at a path of a document (undefined where it has none). */
export function valueAt(document: unknown, path: JsonPath): unknown {
  let at = document;
  for (const segment of path) at = isObject(at) || Array.isArray(at) ? (at as Record<string | number, unknown>)[segment] : undefined;
  return at;
}

/** The schemas that apply at a path of the document. */
export function schemasAt(root: SchemaNode, document: unknown, path: JsonPath): SchemaNode[] {
  let nodes = expand(root, root, document);
  for (let depth = 0; depth < path.length; depth++) {
    const segment = path[depth]!;
    const value = valueAt(document, path.slice(0, depth + 1));
    const next: SchemaNode[] = [];
    for (const node of nodes) {
      if (typeof segment === 'number') {
        const item = node.prefixItems?.[segment] ?? node.items;
        next.push(...expand(root, item, value));
      } else {
        const property = node.properties?.[segment] ?? (isObject(node.additionalProperties) ? node.additionalProperties : undefined);
        next.push(...expand(root, property, value));
      }
    }
    nodes = next;
  }
  return nodes;
}

export interface SchemaKey {
  name: string;
  description?: string;
}

/** The properties an object at this path may have (as the schemas there declare them), each once. */
export function keysAt(root: SchemaNode, document: unknown, path: JsonPath): SchemaKey[] {
  const keys = new Map<string, SchemaKey>();
  for (const node of schemasAt(root, document, path)) {
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      const description = expand(root, property, undefined).find((part) => part.description)?.description;
      const known = keys.get(name);
      if (!known || (!known.description && description)) keys.set(name, { name, description });
    }
  }
  return [...keys.values()];
}

/** The values the schemas at this path allow by enum or const, each once. */
export function valuesAt(root: SchemaNode, document: unknown, path: JsonPath): unknown[] {
  const values: unknown[] = [];
  for (const node of schemasAt(root, document, path)) {
    for (const value of [...(node.enum ?? []), ...('const' in node ? [node.const] : [])]) if (!values.includes(value)) values.push(value);
  }
  return values;
}

/** What the schemas say of the value at this path: the first description (or title). */
export function describeAt(root: SchemaNode, document: unknown, path: JsonPath): string | undefined {
  const nodes = schemasAt(root, document, path);
  return nodes.find((node) => node.description)?.description ?? nodes.find((node) => node.title)?.title;
}
