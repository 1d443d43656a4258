// A child table inside a record page: the child screen's rows whose parent key fields hold the
// parent record's values. 'own': create (the parent key filled in and locked), edit or view, activate,
// deactivate and delete, each behind the child's function codes. 'pick': a membership list: Add links
// existing records chosen from the picked field's selector (those already linked left out) in one
// createbulk call, Remove unlinks.
import { lazy, Suspense, use, useMemo } from 'react';
import { Button, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionFunctionCode, hasAction } from '../definition/compile';
import { childCriteria, pickedField } from '../definition/recordPage';
import { rowActions, type RowAction } from '../definition/rowActions';
import { isListScreen, type ChildTableDefinition, type CustomAction, type ScreenDefinition, type StandardAction } from '../definition/screen';
import { DataTable } from './DataTable';
import { useEngine } from './EngineContext';
import { RowButtons } from './RowButtons';
import { PAGE_SIZE } from './controllers/useListController';
import { useActionRunner } from './controllers/useActionRunner';
import { useChildController, usePickController } from './controllers/useChildController';
import { useRecordController } from './controllers/useRecordController';
import { ChildFormDrawer } from './ChildFormDrawer';
import { PICK_TEXTS, PickModal } from './PickModal';

type Row = Record<string, unknown>;

const ReasonConfirm = lazy(() => import('./ReasonConfirm').then((m) => ({ default: m.ReasonConfirm })));

interface ChildTableProps {
  parent: ScreenDefinition;
  parentRecord: Row;
  child: ChildTableDefinition;
  /** Rows open as a page of their own (child.detailPage): called with the row's last key field's value. */
  onOpenDetail?(key: unknown): void;
}

export function ChildTable(props: ChildTableProps) {
  return (
    <Suspense fallback={<Spin />}>
      <LoadedChild {...props} />
    </Suspense>
  );
}

function LoadedChild({ parentRecord, child, onOpenDetail }: ChildTableProps) {
  const { definitions } = useEngine();
  const page = use(definitions.loadPage(child.screen));
  if (!isListScreen(page)) throw new Error(`child screen ${child.screen} is not a list screen`);
  return <ChildRows screen={page} child={child} fixed={childCriteria(child, parentRecord)} onOpenDetail={onOpenDetail} />;
}

function ChildRows({ screen, child, fixed, onOpenDetail }: { screen: ScreenDefinition; child: ChildTableDefinition; fixed: Row; onOpenDetail?(key: unknown): void }) {
  const { can, readOnly } = useEngine();
  const pick = child.mode === 'pick';
  const locked = useMemo(() => Object.keys(child.parentKey), [child]);
  // The parent key shows in the page's heading already, not in every row.
  const shown = useMemo(() => ({ ...screen, fields: screen.fields.map((f) => (locked.includes(f.name) ? { ...f, column: undefined } : f)) }), [screen, locked]);
  const list = useChildController(screen, fixed);
  // The parent key always comes from the parent, whatever the form holds.
  const record = useRecordController(screen, { fixed, onSaved: () => void list.reload() });
  const runner = useActionRunner(screen, () => void list.reload());
  const picked = pick ? pickedField(screen, child) : undefined;
  const picker = usePickController(screen, fixed, picked?.name, () => void list.reload());

  const actionsOf = (row: Row) => rowActions(screen, row, { can, readOnly }, { table: 'child', child, opensDetail: !!onOpenDetail });
  const onAction = (row: Row, action: RowAction) => {
    if (action.kind === 'page') onOpenDetail?.(row[screen.resource.key[screen.resource.key.length - 1]!]);
    else if (action.kind === 'edit' || action.kind === 'view') void record.open(row, action.kind);
    else if (action.kind === 'file') void runner.fetchFile(row, action.action as CustomAction);
    else if (action.action) runner.run(row, action.action, { confirm: action.confirm, alwaysConfirm: true });
  };
  const actionsWidth = Math.max(1, ...list.rows.map((row) => actionsOf(row).length)) * 32 + 40;
  // A read-only page (kind 'readonly') adds nothing.
  const allowed = (action: StandardAction) => !readOnly && hasAction(screen, action) && can(actionFunctionCode(screen, action));
  const canAdd = pick ? allowed('createbulk') : allowed('create');

  return (
    <div className="engine-child-table">
      {canAdd && (
        <div className="engine-child-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => (pick ? void picker.open() : record.create({ ...fixed }))}>
            {pick ? PICK_TEXTS.add : 'Create'}
          </Button>
        </div>
      )}
      <DataTable
        screen={shown}
        rows={list.rows}
        total={list.total}
        page={list.page}
        pageSize={PAGE_SIZE}
        paginated
        loading={list.loading}
        sort={list.sort}
        onPage={list.setPage}
        onSort={list.sortBy}
        rowActions={(row) => <RowButtons actions={actionsOf(row)} onAction={(action) => onAction(row, action)} />}
        actionsWidth={actionsWidth}
      />
      <ChildFormDrawer screen={screen} record={record} locked={locked} />
      {picked && (
        <PickModal
          open={!!picker.picking}
          title={`${PICK_TEXTS.add} ${picked.label}`}
          selector={picked.source!.selector}
          placeholder={`Choose ${picked.placeholder ?? picked.label}`}
          excluded={picker.picking?.linked ?? new Set()}
          chosen={picker.picking?.chosen ?? []}
          onChange={picker.choose}
          onCancel={picker.cancel}
          onOk={() => void picker.add()}
        />
      )}
      {runner.reasonFor && (
        <Suspense fallback={null}>
          <ReasonConfirm title={runner.reasonTitle!} onCancel={runner.cancelReason} onConfirm={runner.confirmReason} />
        </Suspense>
      )}
    </div>
  );
}

