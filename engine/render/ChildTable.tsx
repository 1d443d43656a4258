// A child table inside a record page: the child screen's rows whose parent key fields hold the
// parent record's values. 'own': create (the parent key filled in and locked), edit or view, activate,
// deactivate and delete, each behind the child's function codes. 'pick': a membership list: Add links
// existing records chosen from the picked field's selector (those already linked left out) in one
// createbulk call, Remove unlinks.
import { lazy, Suspense, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Drawer, Modal, Select, Space, Spin, Tooltip } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined, StarOutlined, StopOutlined } from '@ant-design/icons';
import type { SortDirection } from '../api/envelope';
import { isSuccess } from '../api/envelope';
import { CONFIRM_TEXTS, actionFunctionCode, confirmationText, defaultSort, hasAction, isCustomAction, resourceModel, type FormMode } from '../definition/compile';
import { childCriteria, pickedField, sectionApplies } from '../definition/recordPage';
import { FORM_WIDTH, isListScreen, type ChildTableDefinition, type CustomAction, type ScreenDefinition, type StandardAction } from '../definition/screen';
import { DataTable } from './DataTable';
import { RecordDetails } from './RecordDetails';
import { useEngine } from './EngineContext';
import { FormFooter } from './FormFooter';
import { saveFile, type FileContent } from './saveFile';
import { showErrorToast } from './errorToast';
import { PAGE_SIZE } from './useListController';
import { useSelectorOptions } from './useSelectorOptions';

type Row = Record<string, unknown>;

const RecordForm = lazy(() => import('./RecordForm').then((m) => ({ default: m.RecordForm })));

// not in spec: a pick list's button texts and the confirmation of a removal (spec 000 §4's pattern)
export const PICK_TEXTS = { add: 'Add', remove: 'Remove', removeConfirm: CONFIRM_TEXTS.action.replace('{action}', 'remove') } as const;

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

interface OpenForm {
  mode: FormMode;
  record: Row;
  errors: Record<string, string>;
}

function ChildRows({ screen, child, fixed, onOpenDetail }: { screen: ScreenDefinition; child: ChildTableDefinition; fixed: Row; onOpenDetail?(key: unknown): void }) {
  const { call, can, readOnly } = useEngine();
  const { message, modal } = App.useApp();
  const base = `/api/${screen.resource.name}`;
  const model = useMemo(() => resourceModel(screen), [screen]);
  const pick = child.mode === 'pick';
  const locked = useMemo(() => Object.keys(child.parentKey), [child]);
  // The parent key shows in the page's heading already, not in every row.
  const shown = useMemo(() => ({ ...screen, fields: screen.fields.map((f) => (locked.includes(f.name) ? { ...f, column: undefined } : f)) }), [screen, locked]);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Record<string, SortDirection>>();
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [form, setForm] = useState<OpenForm>();
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState<{ linked: Set<unknown>; chosen: string[] }>();
  const fixedKey = JSON.stringify(fixed);
  const formId = `child-form-${screen.menucode}`;
  const showError = (text: string) => showErrorToast(message, text);
  // A read-only page (kind 'readonly') views rows only.
  const allowed = (action: StandardAction) => (action === 'view' || (!readOnly && hasAction(screen, action))) && can(actionFunctionCode(screen, action === 'view' ? 'access' : action));
  const keyData = (row: Row) => Object.fromEntries(screen.resource.key.map((k) => [k, row[k]]));

  const load = useCallback(async () => {
    setLoading(true);
    const answer = await call<Row[]>(`${base}/list`, { paging: { limit: PAGE_SIZE, page }, criteria: JSON.parse(fixedKey) as Row, sort: sort ?? defaultSort(screen) });
    setLoading(false);
    if (isSuccess(answer.status.responsecode)) {
      setRows(answer.result ?? []);
      setTotal(answer.paging?.totalrecord ?? 0);
    } else showErrorToast(message, answer.status.responsemessage, { key: `${base}-list` });
  }, [base, call, fixedKey, message, page, screen, sort]);

  useEffect(() => {
    void load();
  }, [load]);

  const done = (text: string) => {
    message.success(text);
    void load();
  };

  async function openRecord(row: Row, mode: FormMode) {
    const answer = await call<Row>(`${base}/detail`, { data: keyData(row) });
    if (isSuccess(answer.status.responsecode) && answer.result) setForm({ mode, record: answer.result, errors: {} });
    else showError(answer.status.responsemessage);
  }

  async function save(values: Row) {
    if (!form) return;
    setSaving(true);
    // The parent key always comes from the parent, whatever the form holds.
    const answer = await call<Row>(`${base}/${form.mode === 'create' ? 'create' : 'update'}`, { data: { ...values, ...fixed } });
    setSaving(false);
    if (isSuccess(answer.status.responsecode)) {
      setForm(undefined);
      return done(answer.status.responsemessage);
    }
    setForm({ ...form, record: values, errors: (answer.result as { fields?: Record<string, string> } | undefined)?.fields ?? {} });
    showError(answer.status.responsemessage);
  }

  function runAction(row: Row, action: 'activate' | 'deactivate' | 'delete' | CustomAction, text = confirmationText(action)) {
    const run = async () => {
      const answer = await call(`${base}/${isCustomAction(action) ? action.name : action}`, { data: keyData(row) });
      if (isSuccess(answer.status.responsecode)) done(answer.status.responsemessage);
      else showError(answer.status.responsemessage);
    };
    modal.confirm({ title: text, okText: 'Yes', cancelText: 'No', onOk: run });
  }

  /** A file the server makes for the row: saved (download), or its path opened (open: a purchase's receipt); the rows unchanged. */
  async function fetchFile(row: Row, action: CustomAction) {
    const answer = await call<FileContent & { path?: string }>(`${base}/${action.name}`, { data: keyData(row) });
    if (!isSuccess(answer.status.responsecode) || !answer.result) return showError(answer.status.responsemessage);
    if (action.open && answer.result.path) window.open(answer.result.path, '_blank', 'noopener');
    else saveFile(answer.result);
  }

  const picked = pick ? pickedField(screen, child) : undefined;

  async function openPicker() {
    // Every linked record, not only this page's, is left out of the choices.
    const answer = await call<Row[]>(`${base}/list`, { paging: { limit: -1, page: 1 }, criteria: fixed });
    if (!isSuccess(answer.status.responsecode)) return showError(answer.status.responsemessage);
    setPicking({ linked: new Set((answer.result ?? []).map((r) => r[picked!.name])), chosen: [] });
  }

  async function addPicked() {
    if (!picking || picking.chosen.length === 0) return;
    const answer = await call(`${base}/createbulk`, { data: { rows: picking.chosen.map((value) => ({ ...fixed, [picked!.name]: value })) } });
    if (isSuccess(answer.status.responsecode)) {
      setPicking(undefined);
      done(answer.status.responsemessage);
    } else showError(answer.status.responsemessage);
  }

  const icon = (title: string, node: ReactNode, onClick: () => void, danger = false) => (
    <Tooltip title={title} key={title}>
      <Button type="text" danger={danger} icon={node} aria-label={title} onClick={onClick} />
    </Tooltip>
  );

  const rowButtons = (row: Row): ReactNode[] => {
    const buttons: ReactNode[] = [];
    if (pick) {
      if (allowed('delete')) buttons.push(icon(PICK_TEXTS.remove, <DeleteOutlined />, () => runAction(row, 'delete', PICK_TEXTS.removeConfirm), true));
      return buttons;
    }
    const lastKey = screen.resource.key[screen.resource.key.length - 1]!;
    const detailPage = child.detailPage;
    const detailShown = !detailPage?.visibleWhen || sectionApplies({ key: 'detail', label: 'detail', visibleWhen: detailPage.visibleWhen }, row);
    if (onOpenDetail) {
      if (detailShown) buttons.push(icon(detailPage?.label ?? 'View', <EyeOutlined />, () => onOpenDetail(row[lastKey])));
    }
    else if (allowed('update')) buttons.push(icon('Edit', <EditOutlined />, () => void openRecord(row, 'edit')));
    else if (allowed('view')) buttons.push(icon('View', <EyeOutlined />, () => void openRecord(row, 'view')));
    if (model.status) {
      const active = row[model.status] === 'ACTIVE';
      if (active && allowed('deactivate')) buttons.push(icon('Deactivate', <StopOutlined />, () => runAction(row, 'deactivate'), true));
      if (!active && allowed('activate')) buttons.push(icon('Activate', <CheckCircleOutlined />, () => runAction(row, 'activate')));
    }
    // Custom actions that set values (Set Preferred Address), not offered where the values are set already; files of the row.
    for (const custom of screen.actions.filter(isCustomAction)) {
      const done = custom.set && Object.entries(custom.set).every(([name, value]) => row[name] === value);
      // Offered only while its condition on the row holds (a waiting purchase is cancelled, an approved one has a receipt).
      const applies = !custom.visibleWhen || sectionApplies({ key: custom.name, label: custom.label, visibleWhen: custom.visibleWhen }, row);
      if (custom.set && !done && applies && !readOnly && can(actionFunctionCode(screen, custom))) buttons.push(icon(custom.label, <StarOutlined />, () => runAction(row, custom)));
      // A custom action its domain serves (no set, no file): a redemption's Cancel Redemption asks for approval.
      const served = !custom.set && !custom.download && !custom.open;
      if (served && applies && !readOnly && can(actionFunctionCode(screen, custom))) buttons.push(icon(custom.label, <StarOutlined />, () => runAction(row, custom), true));
      if ((custom.download || custom.open) && applies && can(actionFunctionCode(screen, custom))) buttons.push(icon(custom.label, <DownloadOutlined />, () => void fetchFile(row, custom)));
    }
    if (allowed('delete')) buttons.push(icon('Delete', <DeleteOutlined />, () => runAction(row, 'delete'), true));
    return buttons;
  };
  const rowActions = (row: Row): ReactNode => <Space size={0}>{rowButtons(row)}</Space>;
  const actionsWidth = Math.max(1, ...rows.map((row) => rowButtons(row).length)) * 32 + 40;

  const canAdd = pick ? allowed('createbulk') : allowed('create');
  const formTitle = form ? `${form.mode === 'create' ? 'Create' : form.mode === 'edit' ? 'Edit' : 'View'} ${screen.title}` : '';

  return (
    <div className="engine-child-table">
      {canAdd && (
        <div className="engine-child-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => (pick ? void openPicker() : setForm({ mode: 'create', record: { ...fixed }, errors: {} }))}>
            {pick ? PICK_TEXTS.add : 'Create'}
          </Button>
        </div>
      )}
      <DataTable
        screen={shown}
        rows={rows}
        total={total}
        page={page}
        pageSize={PAGE_SIZE}
        paginated
        loading={loading}
        sort={sort}
        onPage={setPage}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        rowActions={rowActions}
        actionsWidth={actionsWidth}
      />
      <Drawer
        open={!!form}
        title={formTitle}
        onClose={() => setForm(undefined)}
        size={screen.options?.formWidth ?? FORM_WIDTH}
        destroyOnHidden
        footer={
          <FormFooter viewing={form?.mode === 'view'} formId={formId} saving={saving} onClose={() => setForm(undefined)} />
        }
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
      {picked && (
        <PickModal
          open={!!picking}
          title={`${PICK_TEXTS.add} ${picked.label}`}
          selector={picked.source!.selector}
          placeholder={`Choose ${picked.placeholder ?? picked.label}`}
          excluded={picking?.linked ?? new Set()}
          chosen={picking?.chosen ?? []}
          onChange={(chosen) => setPicking((p) => p && { ...p, chosen })}
          onCancel={() => setPicking(undefined)}
          onOk={() => void addPicked()}
        />
      )}
    </div>
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
