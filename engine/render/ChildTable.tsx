// A child table inside a record page: the child screen's rows whose parent key fields hold the
// parent record's values. 'own': create (the parent key filled in and locked), edit or view, activate,
// deactivate and delete, each behind the child's function codes. 'pick': a membership list: Add links
// existing records chosen from the picked field's selector (those already linked left out) in one
// createbulk call, Remove unlinks.
import { lazy, Suspense, use, useMemo } from 'react';
import { Button, Drawer, Modal, Select, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionFunctionCode, hasAction } from '../definition/compile';
import { childCriteria, pickedField } from '../definition/recordPage';
import { PICK_REMOVE, PICK_REMOVE_CONFIRM, rowActions, type RowAction } from '../definition/rowActions';
import { FORM_WIDTH, isListScreen, type ChildTableDefinition, type CustomAction, type ScreenDefinition, type StandardAction } from '../definition/screen';
import { DataTable } from './DataTable';
import { RecordDetails } from './RecordDetails';
import { useEngine } from './EngineContext';
import { FormFooter } from './FormFooter';
import { RowButtons } from './RowButtons';
import { PAGE_SIZE } from './controllers/useListController';
import { useSelectorOptions } from './useSelectorOptions';
import { useActionRunner } from './controllers/useActionRunner';
import { useChildController, usePickController } from './controllers/useChildController';
import { useRecordController } from './controllers/useRecordController';

type Row = Record<string, unknown>;

const RecordForm = lazy(() => import('./RecordForm').then((m) => ({ default: m.RecordForm })));
const ReasonConfirm = lazy(() => import('./ReasonConfirm').then((m) => ({ default: m.ReasonConfirm })));

// not in spec: a pick list's button texts and the confirmation of a removal (spec 000 §4's pattern)
export const PICK_TEXTS = { add: 'Add', remove: PICK_REMOVE, removeConfirm: PICK_REMOVE_CONFIRM } as const;

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

/** A child row's form (create, edit: the parent key locked) or details (view), in a drawer. */
function ChildFormDrawer({ screen, record, locked }: { screen: ScreenDefinition; record: ReturnType<typeof useRecordController>; locked: string[] }) {
  const { form, saving, close, save, title } = record;
  const formId = `child-form-${screen.menucode}`;
  return (
    <Drawer
      open={!!form}
      title={title}
      onClose={close}
      size={screen.options?.formWidth ?? FORM_WIDTH}
      destroyOnHidden
      footer={<FormFooter viewing={form?.mode === 'view'} formId={formId} saving={saving} onClose={close} />}
    >
      {form &&
        (form.mode === 'view' ? (
          <RecordDetails screen={screen} record={form.record} />
        ) : (
          <Suspense fallback={<Spin />}>
            <RecordForm screen={screen} mode={form.mode} initial={form.record} serverErrors={form.errors} formId={formId} locked={locked} onSubmit={(values) => void save(values)} />
          </Suspense>
        ))}
    </Drawer>
  );
}

interface PickModalProps {
  open: boolean;
  title: string;
  selector: string;
  placeholder: string;
  excluded: Set<unknown>;
  chosen: string[];
  onChange(chosen: string[]): void;
  onCancel(): void;
  onOk(): void;
}

/** Chooses several existing records to link, from the picked field's selector, leaving out the linked ones. */
function PickModal({ open, title, selector, placeholder, excluded, chosen, onChange, onCancel, onOk }: PickModalProps) {
  const { options, loading } = useSelectorOptions(open ? selector : undefined);
  const choices = options.filter((o) => !excluded.has(o.value)).map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <Modal open={open} title={title} okText={PICK_TEXTS.add} onOk={onOk} okButtonProps={{ disabled: chosen.length === 0 }} onCancel={onCancel} destroyOnHidden>
      <Select
        aria-label={title}
        mode="multiple"
        style={{ width: '100%' }}
        placeholder={placeholder}
        loading={loading}
        value={chosen}
        onChange={onChange}
        options={choices}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Modal>
  );
}
