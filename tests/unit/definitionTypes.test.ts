// The definition types are generated from the JSON Schemas: the committed modules are what the generator
// makes of today's schemas, so a schema edited without `npm run schema:types` fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { definitionTypes, GENERATED_TYPES, readSchema } from '../../scripts/definition-types';

const [screen] = GENERATED_TYPES;

describe('the definition types generated from the schemas', () => {
  it.each(GENERATED_TYPES)('$types is what $schema generates', async (entry) => {
    expect(await definitionTypes(entry)).toBe(readFileSync(entry.types, 'utf8'));
  });

  it('follows a change of the schema: a new field property is a new optional property of FieldDefinition', async () => {
    const schema = readSchema(screen) as { $defs: { field: { properties: Record<string, unknown> } } };
    schema.$defs.field.properties.hint = { description: 'A line of help under the input.', type: 'string' };
    const types = await definitionTypes(screen, schema);
    expect(types).not.toBe(readFileSync(screen.types, 'utf8'));
    const start = types.indexOf('export interface FieldDefinition {');
    const fieldDefinition = types.slice(start, types.indexOf('\n}\n', start));
    expect(fieldDefinition).toContain('  /**\n   * A line of help under the input.\n   */\n  hint?: string;');
  });

  it('types a placement as true-or-object, an action as a name or a custom action, and each page kind with its kind', async () => {
    const types = readFileSync(screen.types, 'utf8');
    expect(types).toContain('search?: boolean | SearchPlacement;');
    expect(types).toContain('actions: (StandardAction | CustomAction)[];');
    expect(types).toContain('export type PageDefinition = ScreenDefinition | PanelPage | WizardPage | ApprovalPage | ViewPage | ReadOnlyPage | ReportPage | StudioPage;');
    expect(types).toMatch(/export type ScreenDefinition = PageBase & \{\n {2}kind\?: 'list';/);
    expect(types).toMatch(/export type PanelPage = PageBase & \{\n {2}kind: 'panels';/);
  });
});
