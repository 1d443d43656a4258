// `npm run validate`: checks every definition file against its JSON Schema and cross-checks references.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkMenuTree, type MenuTree } from '../engine/definition/menuTree';

const started = performance.now();
const errors: string[] = [];
const ajv = new Ajv2020({ allErrors: true, strict: true });

function checkAgainstSchema(file: string, schemaFile: string): unknown {
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')) as object);
  if (!validate(data)) {
    for (const e of validate.errors ?? []) errors.push(`${file}: ${e.instancePath || '/'} ${e.message}`);
  }
  return data;
}

const tree = checkAgainstSchema('screens/menu-tree.json', 'engine/definition/menu-tree.schema.json') as MenuTree;
for (const problem of checkMenuTree(tree)) errors.push(`screens/menu-tree.json: ${problem}`);

const elapsed = (performance.now() - started).toFixed(0);
if (errors.length > 0) {
  for (const e of errors) console.error(e);
  console.error(`${errors.length} definition error(s) (${elapsed} ms)`);
  process.exit(1);
}
console.log(`definitions valid: menu tree (${elapsed} ms)`);
