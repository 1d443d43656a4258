// The name an approval request keeps of its record, made when the request is (engine/definition/recordNames.ts
// says how a screen's records are named): a reference field read as its selector's label, and a child-only
// screen's record after its parent's, the parent read from its table.
import type { Kysely } from 'kysely';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { resolveField, resourceModel } from '../../../engine/definition/compile';
import { formatValue } from '../../../engine/definition/format';
import { fillName, joinNames, namingScreen, recordNameParts } from '../../../engine/definition/recordNames';
import type { ScreenDefinition } from '../../../engine/definition/screen';
import type { Schema } from '../db/schema';
import { rowToRecord, type Row } from '../resources/records';
import { selectorLabels } from '../resources/selectorActions';
import { definitionDb } from '../db/definitionDb';

type Db = Kysely<Schema>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The text of one field of the name: a reference by its selector's label, any other value as the table shows it. */
async function fieldText(db: Db, catalogue: Catalogue, screen: ScreenDefinition, name: string, value: unknown): Promise<string> {
  if (isEmpty(value)) return '';
  const definition = screen.fields.find((f) => f.name === name);
  if (!definition) return String(value);
  const selector = definition.source ? catalogue.selectors[definition.source.selector] : undefined;
  const target = selector && !selector.composite && !selector.distinct ? catalogue.screenByResource.get(selector.resource) : undefined;
  if (selector && target && target.resource.name !== screen.resource.name) {
    const [found] = await selectorLabels(db, selector, resourceModel(target), [String(value)]);
    return found?.label ?? String(value);
  }
  return formatValue(resolveField(definition, screen.resource.key), value);
}

/** The record of a child-only screen's parent, by the parent key the record page links them with; null when gone. */
async function parentRecord(db: Db, parent: ScreenDefinition, child: ScreenDefinition, values: Row): Promise<Row | null> {
  const link = parent.record?.sections.find((section) => section.child?.screen === child.menucode)?.child;
  if (!link) return null;
  const model = resourceModel(parent);
  let query = definitionDb(db).selectFrom(model.table).selectAll();
  for (const [childField, parentField] of Object.entries(link.parentKey)) {
    if (isEmpty(values[childField])) return null;
    query = query.where(parentField, '=', values[childField]);
  }
  const row = (await query.executeTakeFirst()) as Row | undefined;
  return row ? rowToRecord(model, row) : null;
}

/**
 * What people call the record of `resource` with these values (the record as proposed, or as it was for a
 * delete), or null when nothing names it but its key. Read in `db` (the request's transaction, when in one).
 */
export async function recordName(db: Db, catalogue: Catalogue, resource: string, values: Row): Promise<string | null> {
  const screen = namingScreen(catalogue, resource);
  if (!screen) return null;
  const parts = recordNameParts(screen, catalogue.selectors);
  let own: string | null = null;
  if (parts) {
    const texts = new Map<string, string>();
    for (const part of parts) if ('field' in part) texts.set(part.field, await fieldText(db, catalogue, screen, part.field, values[part.field]));
    own = fillName(parts, (name) => texts.get(name) ?? '');
  }
  const parent = screen.childOf ? catalogue.screenByMenu.get(screen.childOf) : undefined;
  const above = parent ? await parentRecord(db, parent, screen, values) : null;
  return joinNames(parent && above ? await recordName(db, catalogue, parent.resource.name, above) : null, own);
}
