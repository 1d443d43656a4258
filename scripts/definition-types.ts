// `npm run schema:types`: the TypeScript types of the definition files, generated from their JSON Schemas.
// The schemas are the source (editors read their descriptions, patterns and enums); json-schema-to-typescript
// writes the types, after the few steps below that turn validation-only constructs into the shapes they allow.
// A unit test (tests/unit/definitionTypes.test.ts) regenerates them in memory and fails when a file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

/** Each schema and the module its types are written to, with the imports its `tsType`s name. */
export const GENERATED_TYPES = [
  { schema: 'engine/definition/screen.schema.json', types: 'engine/definition/screenSchema.ts', imports: ["import type { NavigatorName, ViewName } from './views';"] },
  { schema: 'engine/definition/menu-tree.schema.json', types: 'engine/definition/menuTreeSchema.ts', imports: [] },
  { schema: 'engine/definition/selectors.schema.json', types: 'engine/definition/selectorsSchema.ts', imports: [] },
] as const;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Constraints that narrow values without changing the shape a type describes. */
const CONSTRAINTS_ONLY = ['dependentRequired', 'unevaluatedProperties', 'not', 'minProperties', 'maxProperties', 'propertyNames'];

/** A branch of a oneOf/anyOf that only demands properties ({ required: [x], properties: { x: true } }). */
const demandsOnly = (branch: unknown) => isNode(branch) && Object.keys(branch).every((key) => key === 'required' || key === 'properties')
  && Object.values((branch.properties ?? {}) as Node).every((value) => value === true);

/**
 * The schema as json-schema-to-typescript can read it: a type test `if: { type }` becomes the union of its two
 * branches (true for the defaults, or a placement), other conditions and constraint-only keywords go (they
 * narrow values, not shapes), and a tuple (`prefixItems`) becomes a list of its items, as a JSON import types it.
 */
function shapes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapes);
  if (!isNode(node)) return node;
  const out: Node = {};
  for (const [key, value] of Object.entries(node)) {
    if (CONSTRAINTS_ONLY.includes(key) || key === 'if' || key === 'then' || key === 'else') continue;
    if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value) && value.every(demandsOnly)) continue;
    out[key] = shapes(value);
  }
  const test = node.if;
  if (isNode(test) && Object.keys(test).length === 1 && typeof test.type === 'string') {
    const matching = isNode(node.then) ? (node.then.$ref ? shapes(node.then) : { type: test.type, ...(shapes(node.then) as Node) }) : { type: test.type };
    out.anyOf = [matching, node.else === undefined ? {} : shapes(node.else)];
  }
  // A reference with its own description stays the referenced type, documented where it is used.
  if (typeof node.$ref === 'string' && Object.keys(out).length > 1) {
    delete out.$ref;
    out.allOf = [{ $ref: node.$ref }];
  }
  if (Array.isArray(node.prefixItems)) {
    delete out.prefixItems;
    out.items = { anyOf: shapes(node.prefixItems) };
  }
  return out;
}

/** `{ "if": { "required": ["kind"], "properties": { "kind": ... } } }`: the kinds a clause of the page schema tests. */
function kindsTested(clause: Node): string[] {
  const kind = ((clause.if as Node).properties as Node).kind as Node;
  return kind.const === undefined ? (kind.enum as string[]) : [kind.const as string];
}

/**
 * The screen schema's root validates every page kind: the properties all pages share, then one clause per kind
 * that applies the kind's $def. Its types: PageBase (the shared properties), each kind's $def as PageBase plus
 * its `kind` (optional for the list screen, the kind a file without `kind` is), and PageDefinition their union.
 */
function pageKinds(root: Node): Node {
  const defs = { ...(root.$defs as Node) };
  const { kind, ...shared } = root.properties as Node;
  defs.pageBase = { title: 'PageBase', description: 'What every definition file has, whatever its kind.', type: 'object', required: root.required, properties: shared };
  const allKinds = (kind as Node).enum as string[];
  const pages = (root.allOf as Node[]).map((clause) => {
    const tested = kindsTested(clause);
    const applied = (clause.else ?? clause.then) as Node;
    const name = (applied.$ref as string).replace('#/$defs/', '');
    const own = clause.else ? allKinds.filter((k) => !tested.includes(k)) : tested;
    const def = defs[name] as Node;
    const { title, description, ...body } = def;
    defs[name] = {
      title,
      description,
      allOf: [
        { $ref: '#/$defs/pageBase' },
        { ...body, required: [...((body.required as string[]) ?? []), ...(clause.else ? [] : ['kind'])], properties: { kind: own.length === 1 ? { const: own[0] } : { enum: own }, ...(body.properties as Node) } },
      ],
    };
    return { $ref: `#/$defs/${name}` };
  });
  return { title: 'PageDefinition', description: root.description, anyOf: pages, $defs: defs };
}

const BANNER = (schema: string) =>
  `// Generated from ${schema.split('/').pop()} by \`npm run schema:types\` (scripts/definition-types.ts): edit the schema, not this file.`;

/** A definition schema as its file holds it. */
export const readSchema = (entry: (typeof GENERATED_TYPES)[number]): Record<string, unknown> => JSON.parse(readFileSync(entry.schema, 'utf8'));

/** The module of types for one schema, as `npm run schema:types` writes it. */
export async function definitionTypes(entry: (typeof GENERATED_TYPES)[number], schema: Node = readSchema(entry)): Promise<string> {
  const readable = shapes(Array.isArray(schema.allOf) ? pageKinds(schema) : schema) as JSONSchema;
  const types = await compile(readable, '', {
    bannerComment: BANNER(entry.schema),
    additionalProperties: false,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: true,
    strictIndexSignatures: false,
    declareExternallyReferenced: true,
    format: true,
    style: { singleQuote: true, printWidth: 140 },
  });
  // The generator's note on where a $def was referenced from says nothing to a reader of the type.
  const plain = types
    .replace(/\n \*\n \* This interface was referenced by `[^`]*`'s JSON-Schema\n \* via the `definition` "[^"]*"\./g, '')
    .replace(/\/\*\*\n \* This interface was referenced by `[^`]*`'s JSON-Schema\n \* via the `definition` "[^"]*"\.\n \*\/\n/g, '');
  // The imports the `tsType`s need go under the banner line (the generator would reformat them inside it).
  const [banner, ...body] = plain.split('\n');
  return [banner, ...entry.imports, ...body].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const entry of GENERATED_TYPES) {
    writeFileSync(entry.types, await definitionTypes(entry));
    console.log(`${entry.types} <- ${entry.schema}`);
  }
}
