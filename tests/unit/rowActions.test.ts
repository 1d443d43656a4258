// Which buttons a row offers, by the screen's definition, the row and the user's grants: the policy list
// screens and child tables share (engine/definition/rowActions.ts).
import { describe, expect, it } from 'vitest';
import { PICK_REMOVE, PICK_REMOVE_CONFIRM, rowActions, type Grants } from '../../engine/definition/rowActions';
import type { ChildTableDefinition, CustomAction, ScreenDefinition } from '../../engine/definition/screen';

const SET_DEFAULT: CustomAction = { name: 'setdefault', label: 'Set Default', function: 'UPDATE', set: { isdefault: 'Y' }, icon: 'star' };
const DECIDE: CustomAction = { name: 'decide', label: 'Decide', function: 'DECIDE', visibleWhen: { field: 'status', equals: 'OPEN' } } as CustomAction;
const RECEIPT: CustomAction = { name: 'receipt', label: 'Receipt', function: 'ACCESS', download: true } as CustomAction;
const ON_PAGE: CustomAction = { name: 'reissue', label: 'Reissue', function: 'UPDATE', place: 'record' } as CustomAction;

const screen = (actions: ScreenDefinition['actions']): ScreenDefinition =>
  ({
    menucode: 'REGION',
    title: 'Region',
    resource: { name: 'region', key: ['regioncode'] },
    fields: [
      { name: 'regioncode', label: 'Code', type: 'string' },
      { name: 'status', label: 'Status', type: 'string' },
      { name: 'isdefault', label: 'Default', type: 'string' },
    ],
    actions,
  }) as unknown as ScreenDefinition;

const ALL = screen(['create', 'update', 'delete', 'activate', 'deactivate', SET_DEFAULT, DECIDE, RECEIPT, ON_PAGE]);
const grants = (...codes: string[]): Grants => ({ can: (code) => codes.includes(code), readOnly: false });
const everything = grants('REGION_ACCESS', 'REGION_UPDATE', 'REGION_DELETE', 'REGION_ACTIVATE', 'REGION_DEACTIVATE', 'REGION_DECIDE');
const labels = (actions: ReturnType<typeof rowActions>) => actions.map((a) => a.label);

describe('rowActions on a list screen', () => {
  it('offers Edit, the status switch, the custom actions that apply and Delete, in that order', () => {
    const row = { regioncode: 'EU', status: 'ACTIVE', isdefault: 'N' };
    expect(labels(rowActions(ALL, row, everything))).toEqual(['Edit', 'Deactivate', 'Set Default', 'Receipt', 'Delete']);
    expect(labels(rowActions(ALL, { ...row, status: 'OPEN', isdefault: 'Y' }, everything))).toEqual(['Edit', 'Activate', 'Decide', 'Receipt', 'Delete']);
  });

  it('keeps to the grants: View with its text for a reader, nothing it may not do', () => {
    const actions = rowActions(ALL, { regioncode: 'EU', status: 'ACTIVE' }, grants('REGION_ACCESS'));
    expect(actions.map((a) => [a.key, a.kind, a.withText])).toEqual([
      ['view-text', 'view', true],
      ['receipt', 'run', undefined],
    ]);
    expect(rowActions(ALL, {}, grants())).toEqual([]);
  });

  it('offers no standard action the screen does not declare, whatever the grants', () => {
    expect(labels(rowActions(screen(['update']), { status: 'ACTIVE' }, everything))).toEqual(['Edit']);
  });

  it('opens a record page when the screen has one: Edit, or View on a read-only page', () => {
    const opens = { table: 'list', opensPage: true } as const;
    expect(rowActions(screen([]), {}, grants(), opens)).toEqual([{ key: 'edit', label: 'Edit', kind: 'page', icon: 'edit' }]);
    expect(rowActions(screen([]), {}, { ...grants(), readOnly: true }, opens)[0]).toMatchObject({ label: 'View', kind: 'page' });
  });

  it('marks the destructive actions as danger', () => {
    const actions = rowActions(ALL, { status: 'ACTIVE' }, everything);
    expect(actions.filter((a) => a.danger).map((a) => a.key)).toEqual(['deactivate', 'delete']);
  });
});

describe('rowActions in a child table', () => {
  const own: ChildTableDefinition = { screen: 'REGION', parentKey: { zone: 'zone' } };
  const child = (c: ChildTableDefinition, opensDetail = false) => ({ table: 'child', child: c, opensDetail }) as const;

  it('offers set-value actions as stars, served ones as danger, files as downloads', () => {
    const actions = rowActions(ALL, { status: 'OPEN', isdefault: 'N' }, everything, child(own));
    expect(actions.map((a) => [a.label, a.icon, !!a.danger])).toEqual([
      ['Edit', 'edit', false],
      ['Activate', 'check-circle', false],
      ['Set Default', 'star', false],
      ['Decide', 'star', true],
      ['Receipt', 'download', false],
      ['Reissue', 'star', true],
      ['Delete', 'delete', true],
    ]);
  });

  it('only views and fetches files on a read-only page', () => {
    const actions = rowActions(ALL, { status: 'ACTIVE', isdefault: 'N' }, { ...everything, readOnly: true }, child(own));
    expect(labels(actions)).toEqual(['View', 'Receipt']);
  });

  it('opens the detail page while its condition holds, under its own label', () => {
    const detail: ChildTableDefinition = { ...own, detailPage: { label: 'Open', visibleWhen: { field: 'status', equals: 'OPEN' } } as ChildTableDefinition['detailPage'] };
    expect(rowActions(screen([]), { status: 'OPEN' }, everything, child(detail, true))).toEqual([{ key: 'detail', label: 'Open', kind: 'page', icon: 'eye' }]);
    expect(rowActions(screen([]), { status: 'CLOSED' }, everything, child(detail, true))).toEqual([]);
  });

  it('offers only Remove in a pick list, with its own confirmation', () => {
    const pick = rowActions(ALL, { status: 'ACTIVE' }, everything, child({ ...own, mode: 'pick' }));
    expect(pick).toEqual([{ key: 'delete', label: PICK_REMOVE, kind: 'run', action: 'delete', icon: 'delete', danger: true, confirm: PICK_REMOVE_CONFIRM }]);
    expect(PICK_REMOVE_CONFIRM).toBe('Are you sure to remove this data?');
  });
});
