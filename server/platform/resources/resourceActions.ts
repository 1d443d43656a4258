// The generic resource API: for every screen's resource, list / detail / create / update / delete /
// activate / deactivate and its custom actions, guarded by the screen's function codes, validated by
// the same rules as the browser, one transaction each, written to the user log with before and after.
import type { Kysely } from 'kysely';
import { CODES, MESSAGES } from '../../../engine/api/responseCodes';
import type { Catalogue } from '../../../engine/definition/catalogue';
import { referencesTo } from '../../../engine/definition/catalogue';
import {
  AUDIT_COLUMNS,
  STATUS_ACTIVE,
  STATUS_INACTIVE,
  actionFunctionCode,
  defaultSort,
  formFields,
  hasAction,
  isCustomAction,
  readOnlyMenus,
  resourceModel,
  validateRecord,
  type ResourceModel,
} from '../../../engine/definition/compile';
import { createFormScreen, sectionApplies, summaryNames, summaryOf } from '../../../engine/definition/recordPage';
import { generateKey, isGeneratedKey } from '../../../engine/definition/generatedKey';
import { bulkPath } from '../../../engine/definition/bulk';
import type { CustomAction, ScreenDefinition } from '../../../engine/definition/screen';
import { defineAction, type Action, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import { readRows } from '../db/database';
import type { Schema } from '../db/schema';
import { LEGENDS, writeUserLog } from '../userlog/userLog';
import type { ResourceHooks } from './hooks';
import { listRecords } from './listQuery';
import type { ResourceServices } from './resourceServices';
import { referenceLabels, toCsv } from './csv';
import { recordKey, recordReader, rowToRecord, toDb, type Row } from './records';
import { compiledOnce, fill, slot } from '../db/compiledQueries';
import { checkColumnFit, checkDataTypes, checkedCriteria, checkedKey } from './fieldValues';
import { keepToViewFilter } from './viewFilter';
import { checkNoOverlap } from './overlapCheck';
import type { ScopeCondition } from '../core/scope';
import { isoDay } from '../../../engine/definition/dates';
import { definitionDb } from '../db/definitionDb';
import { resourceReference } from './resourceReference';

const DATA_OBJECT = { type: 'object', maxProperties: 200 };
/** A download holds at most this many rows; the search narrows larger sets. */
const MAX_DOWNLOAD_ROWS = 50_000;

// not in spec: the product's own success texts, shown as the success toast.
export const RESULT_MESSAGES = {
  create: 'Data has been created',
  update: MESSAGES.DATA_UPDATED,
  delete: 'Data has been deleted',
  activate: 'Data has been activated',
  deactivate: 'Data has been deactivated',
} as const;

/** One resource as the actions see it: its screen, its table model, and its domain hooks. */
export interface Target {
  screen: ScreenDefinition;
  model: ResourceModel;
  hooks: ResourceHooks;
}

/** Resource tables are untyped; the hooks work on the core tables' types. */
export const core = (db: Kysely<any>) => db as unknown as Kysely<Schema>;

const fieldError = (code: string, field: string, message: string) => new ApiError(code, message, 200, { [field]: message });

const keyOf = (model: ResourceModel, data: Row): Row => checkedKey(model, data);

/**
 * The row of the model's table with this key (within its view filter and the caller's row scope, when given), by a
 * statement compiled once per shape.
 */
export async function findRow(db: Kysely<any>, model: ResourceModel, key: Row, scope: readonly ScopeCondition[] = []): Promise<Row | undefined> {
  const names = Object.keys(key);
  const query = compiledOnce(db, `find|${model.name}|${model.table}|${names.join(',')}|${scope.map((c) => c.shape).join('&')}`, () => {
    let find = keepToViewFilter(db.selectFrom(model.table).selectAll(), model);
    names.forEach((name, i) => (find = find.where(name, '=', slot(i))));
    let at = names.length;
    for (const condition of scope) {
      const slots = condition.params.map(() => slot(at++));
      find = find.where((eb) => condition.build(eb, slots));
    }
    return find.compile();
  });
  return (await readRows<Row>(db, fill(query, [...names.map((name) => key[name]), ...scope.flatMap((c) => c.params)])))[0];
}

/** The row with this key, or the answer for a record that does not exist (also for a row outside the caller's scope). */
export async function mustFind(db: Kysely<any>, screen: ScreenDefinition, model: ResourceModel, key: Row, scope: readonly ScopeCondition[] = []): Promise<Row> {
  const row = await findRow(db, model, key, scope);
  if (!row) throw new ApiError(CODES.NOT_FOUND, `${screen.title} "${recordKey(model, key)}" was not found`);
  return row;
}

/**
 * Changes one record in the caller's transaction: reads it (or answers not found), applies the values
 * with the audit stamp, saves unstored fields through the hooks, and writes the user log with before and
 * after. `beforeChange` runs first with the row.
 */
export async function changeRecord(
  ctx: ActionContext,
  trx: Kysely<any>,
  { screen, model, hooks }: Target,
  key: Row,
  changes: Row,
  legend: string,
  options: { beforeChange?: (before: Row) => Promise<void>; unstored?: Row } = {},
): Promise<Row> {
  const before = await mustFind(trx, screen, model, key, await ctx.scope.conditions(trx, model, 'write'));
  await options.beforeChange?.(before);
  const derived = await hooks.changeColumns?.(ctx, core(trx), { before: rowToRecord(model, before), changes });
  const stamped = { ...changes, ...derived, updatedby: ctx.user!.username, updateddate: ctx.now().toISOString() };
  await checkInScope(ctx, trx, model, { ...before, ...stamped });
  await checkNoOverlap(trx, screen, model, { ...before, ...stamped }, key);
  let update = keepToViewFilter(trx.updateTable(model.table).set(stamped), model);
  for (const [name, value] of Object.entries(key)) update = update.where(name, '=', value);
  await update.execute();
  const beforeRecord = rowToRecord(model, before);
  const after = rowToRecord(model, { ...before, ...stamped });
  if (options.unstored && hooks.saveUnstored) {
    Object.assign(beforeRecord, await hooks.loadUnstored?.(core(trx), beforeRecord));
    await hooks.saveUnstored(ctx, core(trx), after, options.unstored);
    Object.assign(after, await hooks.loadUnstored?.(core(trx), after));
  }
  await hooks.checkChange?.(ctx, core(trx), { before: beforeRecord, after });
  await writeUserLog(trx as never, { username: ctx.user!.username, module: screen.menucode, legend, recordkey: recordKey(model, key), before: beforeRecord, after, ip: ctx.ip }, ctx.now());
  return after;
}

/** A row about to be written must stay in the caller's row scope (a branch user does not move a member to another branch). */
async function checkInScope(ctx: ActionContext, trx: Kysely<any>, model: ResourceModel, values: Row): Promise<void> {
  const name = await ctx.scope.outside(trx, model, values);
  if (name === undefined) return;
  const label = model.fields.find((f) => f.name === name)?.label ?? name;
  throw fieldError(CODES.VALIDATION, name, `${label} "${String(values[name])}" is outside your scope`);
}

/** The values of the `stored: false` fields the caller sent. */
export function unstoredValues(model: ResourceModel, data: Row): Row {
  const values: Row = {};
  for (const field of model.unstored) if (field.name in data) values[field.name] = data[field.name];
  return values;
}

/** Unknown fields are refused; values of the mode's editable fields are validated by the rule language. */
export function checkedValues(screen: ScreenDefinition, model: ResourceModel, data: Row, mode: 'create' | 'edit'): Row {
  const known = new Set([...model.fields, ...model.unstored].map((f) => f.name));
  for (const name of Object.keys(data)) {
    if (!known.has(name)) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: unknown field "${name}"`, 400);
  }
  checkDataTypes(model, data);
  const errors = validateRecord(screen, data, mode);
  const first = Object.entries(errors)[0];
  if (first) throw new ApiError(CODES.VALIDATION, first[1], 200, errors);
  const values: Row = {};
  for (const { field, readOnly } of formFields(screen, mode)) {
    if (readOnly || field.stored === false) continue;
    if (!Object.hasOwn(data, field.name)) continue;
    values[field.name] = toDb(field, data[field.name]);
    checkColumnFit(field, values[field.name]);
  }
  return values;
}

/**
 * Reference fields must name an existing record of their selector's resource. `values` are the fields being
 * written; `record` the whole record after the write (an update's stored values and its changes), where a
 * cascading choice finds its parent: a choice is checked when it or its parent changes.
 */
/** A referenced screen's model, compiled once per screen (compiling it per reference cost a tenth of a redemption's CPU). */
const referencedModels = new WeakMap<ScreenDefinition, ResourceModel>();
function referencedModel(screen: ScreenDefinition): ResourceModel {
  let model = referencedModels.get(screen);
  if (!model) referencedModels.set(screen, (model = resourceModel(screen)));
  return model;
}

export async function checkReferences(db: Kysely<any>, services: ResourceServices, model: ResourceModel, values: Row, record: Row = values) {
  for (const field of model.fields) {
    const parent = field.source?.dependsOn;
    if (!field.source || !(field.name in values || (parent && parent.field in values))) continue;
    const value = record[field.name];
    if (value === null || value === undefined) continue;
    const selector = services.catalogue.selectors[field.source.selector];
    const target = selector && services.catalogue.screenByResource.get(selector.resource);
    if (!selector || !target || selector.composite) continue;
    const targetModel = referencedModel(target);
    const wanted = Array.isArray(value) ? value : field.type === 'list' ? (JSON.parse(String(value)) as unknown[]) : [value];
    // A cascading choice must also belong to its parent's value (a state of the chosen country), or to the
    // value of the parent's record it is looked up `through` (a booking class of the chosen rule's airline).
    const parentValue = parent ? await parentFilterValue(db, services, model, parent, record) : undefined;
    for (const one of wanted) {
      let query = db.selectFrom(targetModel.table).select(selector.value).where(selector.value, '=', one);
      if (parent && parentValue !== null && parentValue !== undefined) query = query.where(parent.filter, '=', parentValue);
      if (await query.executeTakeFirst()) continue;
      const exists = parent && (await db.selectFrom(targetModel.table).select(selector.value).where(selector.value, '=', one).executeTakeFirst());
      if (exists) {
        const parentLabel = model.fields.find((f) => f.name === parent!.field)?.label ?? parent!.field;
        const message = parent!.through
          ? `${field.label} "${String(one)}" does not belong to the ${throughLabel(services, model, parent!)} of the chosen ${parentLabel} (${String(parentValue)})`
          : `${field.label} "${String(one)}" does not belong to the chosen ${parentLabel}`;
        throw fieldError(CODES.VALIDATION, field.name, message);
      }
      throw fieldError(CODES.VALIDATION, field.name, `${field.label} "${String(one)}" does not exist`);
    }
  }
}

type DependsOn = NonNullable<NonNullable<ScreenDefinition['fields'][number]['source']>['dependsOn']>;

/** The parent field's own selector and resource (for a value looked up `through` it). */
function parentSource(services: ResourceServices, model: ResourceModel, parent: DependsOn) {
  const selectorName = model.fields.find((f) => f.name === parent.field)?.source?.selector;
  const selector = selectorName === undefined ? undefined : services.catalogue.selectors[selectorName];
  const screen = selector && services.catalogue.screenByResource.get(selector.resource);
  return selector && screen ? { selector, screen } : undefined;
}

/** The value a cascading choice is filtered by: the parent field's, or the `through` field of the record the parent names. */
export async function parentFilterValue(db: Kysely<any>, services: ResourceServices, model: ResourceModel, parent: DependsOn, record: Row): Promise<unknown> {
  const value = record[parent.field];
  if (!parent.through || value === null || value === undefined) return value;
  const source = parentSource(services, model, parent);
  if (!source) return undefined;
  const row = await db.selectFrom(resourceModel(source.screen).table).select(parent.through).where(source.selector.value, '=', value).executeTakeFirst();
  return (row as Row | undefined)?.[parent.through];
}

const throughLabel = (services: ResourceServices, model: ResourceModel, parent: DependsOn) =>
  parentSource(services, model, parent)?.screen.fields.find((f) => f.name === parent.through)?.label ?? parent.through!;

/**
 * A record page creates with its first section only: a field of another section (or of none) sent to create is
 * refused, naming each one, rather than dropped; it is saved through its own section once the record exists.
 */
function refuseOutsideCreateForm(screen: ScreenDefinition, form: ScreenDefinition, data: Row, fixed: Row): void {
  if (form === screen) return;
  const inForm = new Set(form.fields.map((f) => f.name));
  const outside = screen.fields.filter((f) => Object.hasOwn(data, f.name) && !inForm.has(f.name) && !Object.hasOwn(fixed, f.name));
  if (outside.length === 0) return;
  const section = screen.record!.sections[0]!.label;
  const names = outside.map((f) => `"${f.name}"`).join(', ');
  throw new ApiError(
    CODES.BAD_REQUEST,
    `Invalid request: ${outside.length === 1 ? `field ${names} is` : `fields ${names} are`} not in section "${section}", the one a new record is created with`,
    400,
    Object.fromEntries(outside.map((f) => [f.name, `${f.label} is saved in its own section once the record exists`])),
  );
}

/**
 * Creates one record in the caller's transaction: the values checked by the rules of the create form (a
 * record page's: its first section), defaults and status filled in, the key free, references existing,
 * the hooks run, and the user log written. Returns the record as stored.
 */
export async function createRecord(ctx: ActionContext, trx: Kysely<any>, target: Target, services: ResourceServices, data: Row): Promise<Row> {
  const { screen, model, hooks } = target;
  // A view's new row holds its filter's values (checked with them: a rule may depend on one).
  const fixed = Object.fromEntries(Object.entries(model.filter ?? {}).filter(([, value]) => !Array.isArray(value)));
  const form = createFormScreen(screen);
  refuseOutsideCreateForm(screen, form, data, fixed);
  const values = checkedValues(form, model, { ...data, ...fixed }, 'create');
  for (const [name, value] of Object.entries(fixed)) values[name] = toDb(model.fields.find((f) => f.name === name)!, value);
  for (const field of model.fields) {
    if (!(field.name in values) && field.default !== undefined) values[field.name] = toDb(field, field.default);
  }
  if (model.status && !values[model.status]) values[model.status] = STATUS_ACTIVE;
  const at = ctx.now().toISOString();
  // A generated key: the one an approval request kept from the maker's dry run, or a new one.
  const generated = model.key.at(-1)!;
  if (model.generatedKey) values[generated] = isGeneratedKey(data[generated]) ? data[generated] : generateKey(ctx.now());
  if (hooks.deriveColumns) Object.assign(values, await hooks.deriveColumns(ctx, core(trx), values));
  const key = keyOf(model, values);
  if (await findRow(trx, model, key)) {
    const keyField = model.fields.find((f) => f.name === model.key[model.key.length - 1])!;
    throw fieldError(CODES.DUPLICATE, keyField.name, `${keyField.label} "${recordKey(model, key)}" already exists`);
  }
  await checkInScope(ctx, trx, model, values);
  await checkParentExists(trx, services, screen, values);
  await checkReferences(trx, services, model, values);
  await checkNoOverlap(trx, screen, model, values);
  const row = { ...values, ...(await hooks.createColumns?.(ctx)), createdby: ctx.user!.username, createddate: at, updatedby: ctx.user!.username, updateddate: at };
  await trx.insertInto(model.table).values(row).execute();
  const record = rowToRecord(model, row);
  if (hooks.saveUnstored) {
    await hooks.saveUnstored(ctx, core(trx), record, unstoredValues(model, data));
    Object.assign(record, await hooks.loadUnstored?.(core(trx), record));
  }
  await hooks.afterCreate?.(ctx, core(trx), record);
  await writeUserLog(trx as never, { username: ctx.user!.username, module: screen.menucode, legend: LEGENDS.CREATE, recordkey: recordKey(model, key), after: record, ip: ctx.ip }, ctx.now());
  return record;
}

/** A child-only screen's new row belongs to a record of its parent that exists (a nominee of an unknown member is refused on the member). */
async function checkParentExists(trx: Kysely<any>, services: ResourceServices, screen: ScreenDefinition, values: Row): Promise<void> {
  const parent = screen.childOf ? services.catalogue.screenByMenu.get(screen.childOf) : undefined;
  const link = parent?.record?.sections.find((section) => section.child?.screen === screen.menucode)?.child;
  if (!parent || !link) return;
  const parentModel = resourceModel(parent);
  let query = trx.selectFrom(parentModel.table).select(parentModel.key[0]!);
  for (const [childField, parentField] of Object.entries(link.parentKey)) query = query.where(parentField, '=', values[childField] as never);
  if (await query.executeTakeFirst()) return;
  const [first] = Object.keys(link.parentKey);
  throw fieldError(CODES.VALIDATION, first!, `${parent.title} "${Object.keys(link.parentKey).map((name) => String(values[name])).join(' / ')}" does not exist`);
}

/**
 * Deletes one record in the caller's transaction: not when other records point at it (their users must be
 * changed first), the hooks' checks run, and the user log written with the record as it was.
 */
export async function deleteRecord(ctx: ActionContext, trx: Kysely<any>, { screen, model, hooks }: Target, services: ResourceServices, key: Row): Promise<void> {
  const before = await mustFind(trx, screen, model, key, await ctx.scope.conditions(trx, model, 'write'));
  for (const ref of referencesTo(services.catalogue, model.name)) {
    const refModel = resourceModel(ref.screen);
    const used = await trx.selectFrom(refModel.table).select(ref.field).where(ref.field, '=', before[ref.valueField] as never).limit(1).executeTakeFirst();
    if (used) throw new ApiError(CODES.IN_USE, `${screen.title} "${recordKey(model, key)}" is used by ${ref.screen.title} and cannot be deleted`);
  }
  let remove = trx.deleteFrom(model.table);
  for (const [name, value] of Object.entries(key)) remove = remove.where(name, '=', value);
  await remove.execute();
  const record = rowToRecord(model, before);
  Object.assign(record, await hooks.loadUnstored?.(core(trx), record));
  await hooks.checkChange?.(ctx, core(trx), { before: record });
  await writeUserLog(trx as never, { username: ctx.user!.username, module: screen.menucode, legend: LEGENDS.DELETE, recordkey: recordKey(model, key), before: record, ip: ctx.ip }, ctx.now());
}

function resourceActionsFor(screen: ScreenDefinition, services: ResourceServices): Action[] {
  const model = resourceModel(screen);
  const hooks = services.hooks?.[model.name] ?? {};
  const target: Target = { screen, model, hooks };
  const base = `/api/${model.name}`;
  // A record page's list and detail answer its summary; each section's fields come from its own detail.
  const summary = summaryOf(screen) ?? ((record: Row) => record);
  // Rows go straight to that summary (or the whole record), without a record of every field made first.
  const answerOf = recordReader(model, summaryNames(screen));
  // A file (an image field the table does not show: a scanned e-ticket) travels with the detail only, not in every row of a list.
  const files = screen.fields.filter((f) => f.widget === 'image' && !f.column).map((f) => f.name);
  const listedOf = files.length === 0 ? answerOf : recordReader(model, [...(summaryNames(screen) ?? [...model.fields.map((f) => f.name), ...AUDIT_COLUMNS])].filter((name) => !files.includes(name)));
  const sortByDefault = defaultSort(screen);
  const guard = (action: Parameters<typeof actionFunctionCode>[1]) => ({ function: actionFunctionCode(screen, action) });
  // Reads are open to the screen's read-only menus too (BOD's Member Data); writes never are.
  const readGuard = { function: actionFunctionCode(screen, 'access'), orFunctions: readOnlyMenus(services.catalogue.pages, screen).map((menu) => `${menu}_ACCESS`) };
  const db = (ctx: ActionContext) => definitionDb(ctx.db);
  const reference = resourceReference(screen);
  // After a write commits: fresh counts, and any mail its hooks queued goes out.
  const written = (ctx: ActionContext) => {
    services.counts.invalidate(model.name);
    ctx.mail.deliverSoon();
  };

  const actions: Action[] = [
    defineAction({
      path: `${base}/list`,
      reference: reference('list'),
      guard: readGuard,
      handler: async (ctx) => {
        const criteria = checkedCriteria(model, ctx.parameter.criteria);
        const scope = await ctx.scope.conditions(db(ctx), model, 'read');
        const { rows, paging } = await listRecords(db(ctx), services.dialect, model, services.counts, { criteria, sort: ctx.parameter.sort, paging: ctx.paging, read: listedOf, scope }, sortByDefault);
        return { result: rows, paging };
      },
    }),
    defineAction({
      path: `${base}/detail`,
      reference: reference('detail'),
      guard: readGuard,
      data: DATA_OBJECT,
      handler: async (ctx) => {
        const row = await mustFind(db(ctx), screen, model, keyOf(model, ctx.parameter.data as Row), await ctx.scope.conditions(db(ctx), model, 'read'));
        if (!hooks.loadUnstored) return { result: answerOf(row) };
        const record = rowToRecord(model, row);
        Object.assign(record, await hooks.loadUnstored(ctx.db, record));
        return { result: summary(record) };
      },
    }),
  ];

  if (hasAction(screen, 'download')) {
    actions.push(
      defineAction({
        path: `${base}/download`,
      reference: reference('download'),
        guard: guard('download'),
        handler: async (ctx) => {
          const scope = await ctx.scope.conditions(db(ctx), model, 'read');
          const { rows, paging } = await listRecords(db(ctx), services.dialect, model, services.counts, { criteria: checkedCriteria(model, ctx.parameter.criteria), sort: ctx.parameter.sort, paging: { limit: MAX_DOWNLOAD_ROWS, page: 1 }, scope }, defaultSort(screen));
          const stamp = isoDay(ctx.now());
          return {
            message: MESSAGES.DOWNLOADING,
            result: { filename: `${model.name}-${stamp}.csv`, mimetype: 'text/csv', content: toCsv(screen, rows, await referenceLabels(services, screen, ctx)), totalrecord: paging.totalrecord },
          };
        },
      }),
    );
  }

  if (hasAction(screen, 'create')) {
    actions.push(
      defineAction({
        path: `${base}/create`,
      reference: reference('create'),
        guard: guard('create'),
        data: DATA_OBJECT,
        handler: async (ctx) => {
          const { after, revealed } = await db(ctx)
            .transaction()
            .execute(async (trx) => {
              const record = await createRecord(ctx, trx, target, services, ctx.parameter.data as Row);
              return { after: record, revealed: await hooks.revealOnCreate?.(ctx, core(trx), record) };
            });
          written(ctx);
          return { result: revealed ? { ...after, ...revealed } : after, message: (await hooks.createdMessage?.(ctx, after)) ?? RESULT_MESSAGES.create };
        },
      }),
    );
  }

  if (hasAction(screen, 'update')) {
    actions.push(
      defineAction({
        path: `${base}/update`,
      reference: reference('update'),
        guard: guard('update'),
        data: DATA_OBJECT,
        handler: async (ctx) => {
          const data = ctx.parameter.data as Row;
          const key = keyOf(model, data);
          const values = checkedValues(screen, model, data, 'edit');
          const result = await db(ctx).transaction().execute((trx) =>
            changeRecord(ctx, trx, target, key, values, LEGENDS.UPDATE, {
              beforeChange: (before) => checkReferences(trx, services, model, values, { ...before, ...values }),
              unstored: unstoredValues(model, data),
            }),
          );
          written(ctx);
          return { result, message: RESULT_MESSAGES.update };
        },
      }),
    );
  }

  if (hasAction(screen, 'delete')) {
    actions.push(
      defineAction({
        path: `${base}/delete`,
      reference: reference('delete'),
        guard: guard('delete'),
        data: DATA_OBJECT,
        handler: async (ctx) => {
          const key = keyOf(model, ctx.parameter.data as Row);
          await db(ctx).transaction().execute((trx) => deleteRecord(ctx, trx, target, services, key));
          written(ctx);
          return { message: RESULT_MESSAGES.delete };
        },
      }),
    );
  }

  const statusChange = (name: 'activate' | 'deactivate', status: string, legend: string) =>
    defineAction({
      path: `${base}/${name}`,
      reference: reference(name),
      guard: guard(name),
      data: DATA_OBJECT,
      handler: async (ctx) => {
        const key = keyOf(model, ctx.parameter.data as Row);
        const result = await db(ctx).transaction().execute((trx) => changeRecord(ctx, trx, target, key, { [model.status!]: status }, legend));
        written(ctx);
        return { result, message: RESULT_MESSAGES[name] };
      },
    });
  if (model.status && hasAction(screen, 'activate')) actions.push(statusChange('activate', STATUS_ACTIVE, LEGENDS.ACTIVATE));
  if (model.status && hasAction(screen, 'deactivate')) actions.push(statusChange('deactivate', STATUS_INACTIVE, LEGENDS.DEACTIVATE));

  // Custom actions without `set` are served by domain code (checked by checkServedActions).
  for (const custom of screen.actions.filter(isCustomAction)) if (custom.set) actions.push(customAction(target, custom, services));
  return actions;
}

/** An action offered only while a field has a value is refused otherwise too (a terminated award is not activated again). */
function refuseAction(screen: ScreenDefinition, custom: CustomAction, record: Row): never {
  const when = custom.visibleWhen!;
  const field = screen.fields.find((f) => f.name === when.field);
  const value = record[when.field];
  const shown = field?.options?.find((o) => o.value === value)?.label ?? (value === null || value === undefined || value === '' ? 'empty' : String(value));
  throw new ApiError(CODES.VALIDATION, `${custom.label} is not available while ${field?.label ?? when.field} is ${shown}`);
}

/** A custom action sets declared values on a record (and, with exclusiveBy, clears them on its group). */
function customAction(target: Target, custom: CustomAction, services: ResourceServices): Action {
  const { screen, model } = target;
  return defineAction({
    path: `/api/${model.name}/${custom.name}`,
    guard: { function: actionFunctionCode(screen, custom) },
    reference: resourceReference(screen)(custom.name),
    data: DATA_OBJECT,
    handler: async (ctx) => {
      const anyDb = definitionDb(ctx.db);
      const key = keyOf(model, ctx.parameter.data as Row);
      const byName = new Map(model.fields.map((f) => [f.name, f]));
      const set: Row = {};
      for (const [name, value] of Object.entries(custom.set ?? {})) set[name] = toDb(byName.get(name)!, value);
      const result = await anyDb.transaction().execute(async (trx) => {
        let unapplied: Row | undefined;
        const after = await changeRecord(ctx, trx, target, key, set, custom.name.toUpperCase(), {
          beforeChange: async (before) => {
            const record = rowToRecord(model, before);
            if (!sectionApplies({ key: custom.name, label: custom.label, visibleWhen: custom.visibleWhen }, record)) unapplied = record;
            if (!custom.exclusiveBy) return;
            const cleared: Row = {};
            for (const [name, value] of Object.entries(custom.set ?? {})) cleared[name] = typeof value === 'boolean' ? 0 : null;
            await trx.updateTable(model.table).set(cleared).where(custom.exclusiveBy, '=', before[custom.exclusiveBy] as never).execute();
          },
        });
        // After the domain's own checks (theirs answer first); throwing here rolls the change back.
        if (unapplied) refuseAction(screen, custom, unapplied);
        return after;
      });
      services.counts.invalidate(model.name);
      return { result };
    },
  });
}

export function resourceActions(services: ResourceServices): Action[] {
  return services.catalogue.screens.flatMap((screen) => services.approvalGate?.(screen, resourceActionsFor(screen, services)) ?? resourceActionsFor(screen, services));
}

/**
 * Every custom action without `set` must be served by domain code at /api/<resource>/<name>, guarded by
 * its function code: the problems, one line each (the server refuses to start on any).
 */
export function unservedActions(catalogue: Catalogue, actions: readonly Action[]): string[] {
  const byPath = new Map(actions.map((a) => [a.path, a]));
  const problems: string[] = [];
  for (const screen of catalogue.screens) {
    for (const custom of screen.actions.filter(isCustomAction)) {
      if (custom.set) continue;
      const path = `/api/${screen.resource.name}/${custom.name}`;
      const served = byPath.get(path);
      const code = actionFunctionCode(screen, custom);
      if (!served) problems.push(`${screen.menucode}: custom action "${custom.name}" has no "set" and no server action ${path}`);
      else if (typeof served.guard !== 'object' || served.guard.function !== code) problems.push(`${screen.menucode}: ${path} must be guarded by ${code}`);
      if (!screen.bulk?.includes(custom.name)) continue;
      // Its bulk too is the domain's.
      const bulk = byPath.get(`/api/${screen.resource.name}/${bulkPath(custom.name)}`);
      if (!bulk) problems.push(`${screen.menucode}: bulk custom action "${custom.name}" has no "set" and no server action /api/${screen.resource.name}/${bulkPath(custom.name)}`);
      else if (typeof bulk.guard !== 'object' || bulk.guard.function !== code) problems.push(`${screen.menucode}: /api/${screen.resource.name}/${bulkPath(custom.name)} must be guarded by ${code}`);
    }
  }
  return problems;
}
