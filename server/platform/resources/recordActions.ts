// Record pages and child tables on the server: each section of a record page reads and
// saves on its own (/api/<resource>/section-<key>-detail and /section-<key>), guarded by the section's
// function code, one transaction and one user log row per save; and the generic standard action
// createbulk: several new records in one call, all or nothing, the first bad row named by its number.
import { CODES } from '../../../engine/api/responseCodes';
import { formData, keyData, recordSchema } from './resourceReference';
import { actionFunctionCode, hasAction, readOnlyMenus, resourceModel } from '../../../engine/definition/compile';
import {
  pickFields,
  sectionApplies,
  sectionDetailPath,
  sectionFieldNames,
  sectionOpenCode,
  sectionSaveCode,
  sectionSavePath,
  sectionScreen,
} from '../../../engine/definition/recordPage';
import type { RecordSection, ScreenDefinition } from '../../../engine/definition/screen';
import { defineAction, type Action, type ActionContext } from '../core/action';
import { ApiError } from '../core/apiError';
import { checkedKey } from './fieldValues';
import { rowToRecord, type Row } from './records';
import {
  RESULT_MESSAGES,
  changeRecord,
  checkReferences,
  checkedValues,
  createRecord,
  mustFind,
  unstoredValues,
  type Target,
} from './resourceActions';
import type { ResourceServices } from './resourceServices';
import { definitionDb } from '../db/definitionDb';

const DATA_OBJECT = { type: 'object', maxProperties: 200 };
/** One createbulk call adds at most this many records. */
export const MAX_BULK_ROWS = 500;

const CREATE_BULK_DATA = {
  type: 'object',
  additionalProperties: false,
  required: ['rows'],
  properties: { rows: { type: 'array', minItems: 1, maxItems: MAX_BULK_ROWS, items: DATA_OBJECT } },
};

export function recordActions(services: ResourceServices): Action[] {
  return services.catalogue.screens.flatMap((screen) => {
    const model = resourceModel(screen);
    const target: Target = { screen, model, hooks: services.hooks?.[model.name] ?? {} };
    const sections = (screen.record?.sections ?? []).filter((section) => section.fields);
    return [...sections.flatMap((section) => sectionActions(target, section, services)), ...(hasAction(screen, 'createbulk') ? [createBulk(target, services)] : [])];
  });
}

/** A section hidden by the record's values (air criteria of a non-air promotion) is neither read nor saved. */
function checkApplies(screen: ScreenDefinition, section: RecordSection, record: Row) {
  if (sectionApplies(section, record)) return;
  const field = screen.fields.find((f) => f.name === section.visibleWhen!.field);
  const value = record[section.visibleWhen!.field];
  const shown = field?.options?.find((o) => o.value === value)?.label ?? (value === null || value === undefined || value === '' ? 'empty' : String(value));
  throw new ApiError(CODES.VALIDATION, `${section.label} is not available while ${field?.label ?? section.visibleWhen!.field} is ${shown}`);
}

function sectionActions(target: Target, section: RecordSection, services: ResourceServices): Action[] {
  const { screen, model, hooks } = target;
  const names = new Set(sectionFieldNames(screen, section));
  const form = sectionScreen(screen, section);
  const db = (ctx: ActionContext) => definitionDb(ctx.db);
  // The user log says which section changed: UPDATE_MEMBER_CRITERIA.
  const legend = `UPDATE_${section.key.toUpperCase().replace(/-/g, '_')}`;
  return [
    defineAction({
      path: sectionDetailPath(screen, section),
      // A read-only menu of the screen (BOD's Member Data) opens what its ACCESS opens.
      guard: { function: sectionOpenCode(screen, section), orFunctions: section.function ? [] : readOnlyMenus(services.catalogue.pages, screen).map((menu) => `${menu}_ACCESS`) },
      data: DATA_OBJECT,
      reference: { summary: `${screen.title}: the section ${section.label}`, data: keyData(model), result: recordSchema(model), codes: [CODES.NOT_FOUND, CODES.VALIDATION] },
      handler: async (ctx) => {
        const row = await mustFind(db(ctx), screen, model, checkedKey(model, ctx.parameter.data as Row), await ctx.scope.conditions(db(ctx), model, 'read'));
        const record = rowToRecord(model, row);
        Object.assign(record, await hooks.loadUnstored?.(ctx.db, record));
        checkApplies(screen, section, record);
        return { result: pickFields(record, names) };
      },
    }),
    defineAction({
      path: sectionSavePath(screen, section),
      guard: { function: sectionSaveCode(screen, section) },
      data: DATA_OBJECT,
      reference: { summary: `${screen.title}: save the section ${section.label}`, data: formData(form, model, 'edit'), result: recordSchema(model), codes: [CODES.NOT_FOUND, CODES.VALIDATION, CODES.APPROVAL_PENDING] },
      handler: async (ctx) => {
        const data = ctx.parameter.data as Row;
        const outside = Object.keys(data).find((name) => !names.has(name));
        if (outside !== undefined) throw new ApiError(CODES.BAD_REQUEST, `Invalid request: field "${outside}" is not in section "${section.label}"`, 400);
        const key = checkedKey(model, data);
        const values = checkedValues(form, model, data, 'edit');
        const after = await db(ctx)
          .transaction()
          .execute((trx) =>
            changeRecord(ctx, trx, target, key, values, legend, {
              beforeChange: async (before) => {
                checkApplies(screen, section, rowToRecord(model, before));
                await checkReferences(trx, services, model, values, { ...before, ...values });
              },
              unstored: unstoredValues(model, data),
            }),
          );
        services.counts.invalidate(model.name);
        return { result: pickFields(after, names), message: RESULT_MESSAGES.update };
      },
    }),
  ];
}

/** Several new records in one transaction: all are written, or none and the first bad row is named. */
function createBulk(target: Target, services: ResourceServices): Action {
  const { screen, model } = target;
  return defineAction({
    path: `/api/${model.name}/createbulk`,
    guard: { function: actionFunctionCode(screen, 'createbulk') },
    data: CREATE_BULK_DATA,
    reference: {
      summary: `${screen.title}: create several records, all or none (a refusal names the first bad row)`,
      result: { type: 'array', items: recordSchema(model) },
      codes: [CODES.VALIDATION, CODES.DUPLICATE],
    },
    handler: async (ctx) => {
      const rows = (ctx.parameter.data as { rows: Row[] }).rows;
      const created = await definitionDb(ctx.db).transaction().execute(async (trx) => {
        const records: Row[] = [];
        for (const [i, row] of rows.entries()) {
          try {
            records.push(await createRecord(ctx, trx, target, services, row));
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            throw new ApiError(error.code, `Row ${i + 1}: ${error.message}`, error.httpStatus, error.fields);
          }
        }
        return records;
      });
      services.counts.invalidate(model.name);
      ctx.mail.deliverSoon();
      return { result: created, message: RESULT_MESSAGES.create };
    },
  });
}
