// A whole menu screen from its definition: title, search, table with permitted row actions, and the
// record form in a drawer or modal, with the confirmations of spec 000 §4.
import { isValidElement, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Modal, Space, Tooltip } from 'antd';
import { CheckCircleOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, ExperimentOutlined, EyeOutlined, KeyOutlined, MailOutlined, PlusOutlined, StarOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { isSuccess } from '../api/envelope';
import { actionFunctionCode, confirmationText, defaultSort, hasAction, isCustomAction, resourceModel, type FormMode } from '../definition/compile';
import { FORM_WIDTH, type CustomAction, type ScreenDefinition, type ScreenTool, type StandardAction } from '../definition/screen';
import { sectionApplies } from '../definition/recordPage';
import { criteriaFromSearch, searchStateFromQuery, searchStateToQuery, type SearchState } from '../definition/searchCriteria';
import { MESSAGES } from '../api/responseCodes';
import { DataTable } from './DataTable';
import { AllFilteredBar, BulkBar, UploadButton, useBulkActions } from './BulkControls';
import { saveFile, type FileContent } from './saveFile';
import { useEngine } from './EngineContext';
import { FormFooter } from './FormFooter';
import { showErrorToast } from './errorToast';

import { SearchForm } from './SearchForm';
import { PAGE_SIZE, useListController } from './useListController';

type Row = Record<string, unknown>;

// The form (rjsf + ajv) loads the first time a form opens.
const RecordForm = lazy(() => import('./RecordForm').then((m) => ({ default: m.RecordForm })));
// The details view (descriptions, grant tables, change tables) loads with the first record viewed, not with the list.
const RecordDetails = lazy(() => import('./RecordDetails').then((m) => ({ default: m.RecordDetails })));
// The drawer around them too: it is first drawn when a form first opens, and kept for its closing motion.
const Drawer = lazy(() => import('./widgets/drawer').then((m) => ({ default: m.Drawer })));
// The reason dialog (a form with a text area) loads with the first action that asks for a reason.
const ReasonConfirm = lazy(() => import('./ReasonConfirm').then((m) => ({ default: m.ReasonConfirm })));

/** A tool's drawer (the accrual simulator: its form and two tables). */
const TOOL_WIDTH = 1100;

/** Icons a custom action may name in its definition ("icon"); others show the default. */
const ACTION_ICONS: Record<string, typeof ThunderboltOutlined> = { key: KeyOutlined, mail: MailOutlined, star: StarOutlined, check: CheckOutlined, close: CloseOutlined, download: DownloadOutlined };

interface ScreenPageProps {
  screen: ScreenDefinition;
  /** The search state lives in the URL query, so a reload or a shared link shows the same results. */
  query: string;
  onQueryChange(query: string): void;
  /** Records open as a record page instead of the form (row: Edit; none: Create). */
  onOpenRecord?(row?: Row): void;
}

interface OpenForm {
  mode: FormMode;
  record: Row;
  errors: Record<string, string>;
}

const keyData = (screen: ScreenDefinition, row: Row) => Object.fromEntries(screen.resource.key.map((k) => [k, row[k]]));

export function ScreenPage({ screen, query, onQueryChange, onOpenRecord }: ScreenPageProps) {
  const { call, can, readOnly, views } = useEngine();
  const { message, modal } = App.useApp();
  const state = useMemo(() => searchStateFromQuery(screen, query), [screen, query]);
  const list = useListController(screen, state);
  const [form, setForm] = useState<OpenForm>();
  const [formOpened, setFormOpened] = useState(false);
  if (form && !formOpened) setFormOpened(true);
  const [saving, setSaving] = useState(false);
  const model = useMemo(() => resourceModel(screen), [screen]);
  const base = `/api/${screen.resource.name}`;
  const formId = `form-${screen.menucode}`;

  // Server messages stay until closed (spec 000 §8); the same text is shown once.
  const showError = (text: string) => showErrorToast(message, text);
  const setState = (next: Partial<SearchState>) => onQueryChange(searchStateToQuery({ ...state, ...next }));
  /** Search always asks the server again, also when the criteria are the ones already shown. */
  const runSearch = (values: SearchState['values']) => {
    const next = searchStateToQuery({ ...state, values, page: 1 });
    if (next === searchStateToQuery(state)) void list.reload();
    else onQueryChange(next);
  };
  const allowed = (action: StandardAction | CustomAction) =>
    (isCustomAction(action) || hasAction(screen, action)) && can(actionFunctionCode(screen, action));
  // Rows selected for a bulk action: only the rows shown, so a new page or search starts with none.
  const bulkable = useBulkActions(screen).length > 0;
  const [selected, setSelected] = useState<Row[]>([]);
  useEffect(() => setSelected([]), [list.rows]);
  // State-based refresh: while a row shown is in a passing state (a file being processed), the page is read again.
  const refresh = screen.options?.refreshWhile;
  useEffect(() => {
    if (!refresh || !list.rows.some((row) => refresh.values.includes(String(row[refresh.field])))) return;
    const timer = setTimeout(() => void list.reload(), refresh.seconds * 1000);
    return () => clearTimeout(timer);
  }, [list.rows, refresh]);

  async function openRecord(row: Row, mode: FormMode) {
    const answer = await call<Row>(`${base}/detail`, { data: keyData(screen, row) });
    if (!isSuccess(answer.status.responsecode) || !answer.result) {
      showError(answer.status.responsemessage);
      return;
    }
    setForm({ mode, record: answer.result, errors: {} });
  }

  async function save(values: Row) {
    if (!form) return;
    setSaving(true);
    const answer = await call<Row>(`${base}/${form.mode === 'create' ? 'create' : 'update'}`, { data: values });
    setSaving(false);
    if (isSuccess(answer.status.responsecode)) {
      message.success(answer.status.responsemessage);
      setForm(undefined);
      void list.reload();
      return;
    }
    const fields = (answer.result as { fields?: Record<string, string> } | undefined)?.fields;
    setForm({ ...form, record: values, errors: fields ?? {} });
    showError(answer.status.responsemessage);
  }

  // The screen's tools (a registered view in a drawer, e.g. the accrual simulator): the ones the role may open.
  const tools = (screen.tools ?? []).filter((tool) => can(tool.function ?? actionFunctionCode(screen, 'access')));
  const [tool, setTool] = useState<ScreenTool>();
  const [toolOpened, setToolOpened] = useState(false);
  if (tool && !toolOpened) setToolOpened(true);
  const ToolView = tool ? views[tool.view] : undefined;

  /** A row action that asks for a reason first (an approval's Reject), while its confirmation is open. */
  const [reasonFor, setReasonFor] = useState<{ row: Row; action: CustomAction }>();

  function runAction(row: Row, action: StandardAction | CustomAction, path: string) {
    const run = async () => {
      const answer = await call<FileContent>(`${base}/${path}`, { data: keyData(screen, row) });
      if (isSuccess(answer.status.responsecode) && isCustomAction(action) && action.open && answer.result) {
        // A file the server made for the browser to open (spec 001 §7.5: result.path is opened).
        window.open((answer.result as { path?: string }).path, '_blank', 'noopener');
      } else if (isSuccess(answer.status.responsecode) && isCustomAction(action) && action.download && answer.result) {
        // A file to save (a per-row result): the list is unchanged.
        saveFile(answer.result);
        message.success(answer.status.responsemessage || MESSAGES.DOWNLOADING);
      } else if (isSuccess(answer.status.responsecode)) {
        message.success(answer.status.responsemessage);
        void list.reload();
      } else showError(answer.status.responsemessage);
    };
    if (isCustomAction(action) && action.reason) return setReasonFor({ row, action });
    const text = confirmationText(action);
    if (text) modal.confirm({ title: text, okText: 'Yes', cancelText: 'No', onOk: run });
    else void run();
  }

  async function download() {
    const answer = await call<{ filename: string; mimetype: string; content: string }>(`${base}/download`, {
      criteria: criteriaFromSearch(screen, state.values),
      sort: state.sort ?? defaultSort(screen),
    });
    if (!isSuccess(answer.status.responsecode) || !answer.result) {
      showError(answer.status.responsemessage);
      return;
    }
    message.success(answer.status.responsemessage || MESSAGES.DOWNLOADING);
    const url = URL.createObjectURL(new Blob([answer.result.content], { type: answer.result.mimetype }));
    const link = Object.assign(document.createElement('a'), { href: url, download: answer.result.filename });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  const rowButtons = (row: Row): ReactNode[] => {
    const buttons: ReactNode[] = [];
    if (onOpenRecord && readOnly) buttons.push(<Tooltip title="View" key="view"><Button type="text" icon={<EyeOutlined />} aria-label="View" onClick={() => onOpenRecord(row)} /></Tooltip>);
    else if (onOpenRecord) buttons.push(<Tooltip title="Edit" key="edit"><Button type="text" icon={<EditOutlined />} aria-label="Edit" onClick={() => onOpenRecord(row)} /></Tooltip>);
    else if (allowed('update')) buttons.push(<Tooltip title="Edit" key="edit"><Button type="text" icon={<EditOutlined />} aria-label="Edit" onClick={() => void openRecord(row, 'edit')} /></Tooltip>);
    else if (can(actionFunctionCode(screen, 'access'))) buttons.push(<Tooltip title="View" key="view-text"><Button type="text" icon={<EyeOutlined />} aria-label="View" onClick={() => void openRecord(row, 'view')}>View</Button></Tooltip>);
    if (model.status) {
      const active = row[model.status] === 'ACTIVE';
      if (active && allowed('deactivate')) buttons.push(<Tooltip title="Deactivate" key="deactivate"><Button type="text" danger icon={<StopOutlined />} aria-label="Deactivate" onClick={() => runAction(row, 'deactivate', 'deactivate')} /></Tooltip>);
      if (!active && allowed('activate')) buttons.push(<Tooltip title="Activate" key="activate"><Button type="text" icon={<CheckCircleOutlined />} aria-label="Activate" onClick={() => runAction(row, 'activate', 'activate')} /></Tooltip>);
    }
    // Record actions (place 'record') are buttons of the record page, not of its rows.
    for (const custom of screen.actions.filter(isCustomAction).filter((a) => a.place !== 'record')) {
      // An action that only sets values is not offered where they are set already (Set Default on the default row).
      const done = custom.set && Object.entries(custom.set).every(([name, value]) => row[name] === value);
      // Offered only while its condition on the row holds (a suspect duplicate is decided while OPEN).
      const applies = !custom.visibleWhen || sectionApplies({ key: custom.name, label: custom.label, visibleWhen: custom.visibleWhen }, row);
      if (allowed(custom) && !done && applies) {
        const Icon = ACTION_ICONS[custom.icon ?? ''] ?? ThunderboltOutlined;
        buttons.push(<Tooltip title={custom.label} key={custom.name}><Button type="text" icon={<Icon />} aria-label={custom.label} onClick={() => runAction(row, custom, custom.name)} /></Tooltip>);
      }
    }
    if (allowed('delete')) buttons.push(<Tooltip title="Delete" key="delete"><Button type="text" danger icon={<DeleteOutlined />} aria-label="Delete" onClick={() => runAction(row, 'delete', 'delete')} /></Tooltip>);
    return buttons;
  };
  const rowActions = (row: Row): ReactNode => <Space size={0}>{rowButtons(row)}</Space>;
  // Icon buttons of 32 px ('View' with its text is wider) and the cell's padding.
  const actionsWidth = Math.max(32, ...list.rows.map((row) => rowButtons(row).reduce<number>((sum, b) => sum + (isValidElement(b) && b.key === 'view-text' ? 84 : 32), 0))) + 40;

  const formTitle = form ? `${form.mode === 'create' ? 'Create' : form.mode === 'edit' ? 'Edit' : 'View'} ${screen.title}` : '';
  const formBody = form && (
    <Suspense fallback={null}>
      {form.mode === 'view' ? (
        <RecordDetails screen={screen} record={form.record} />
      ) : (
        <RecordForm key={`${form.mode}-${JSON.stringify(keyData(screen, form.record))}`} screen={screen} mode={form.mode} initial={form.record} serverErrors={form.errors} formId={formId} onSubmit={(values) => void save(values)} />
      )}
    </Suspense>
  );
  const formFooter = (
    <FormFooter viewing={form?.mode === 'view'} formId={formId} saving={saving} onClose={() => setForm(undefined)} />
  );

  const body = (
    <>
      <div className="engine-toolbar">
        {/* antd's level-4 Title in CSS (styles.css): Typography would load its editing and copying parts with every list. */}
        <h4 className="engine-title">{screen.title}</h4>
        <Space>
          {tools.map((t) => (
            <Button key={t.key} icon={<ExperimentOutlined />} onClick={() => setTool(t)}>
              {t.label}
            </Button>
          ))}
          {allowed('upload') && <UploadButton screen={screen} onUploaded={() => void list.reload()} />}
          {allowed('create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => (onOpenRecord ? onOpenRecord() : setForm({ mode: 'create', record: {}, errors: {} }))}>
              Create
            </Button>
          )}
        </Space>
      </div>
      <SearchForm screen={screen} values={state.values} advanced={state.advanced} onSearch={runSearch} onToggleAdvanced={(advanced) => setState({ advanced })} onDownload={allowed('download') ? () => void download() : undefined} />
      <BulkBar screen={screen} selected={selected} onDone={() => void list.reload()} onClear={() => setSelected([])} />
      {selected.length === 0 && <AllFilteredBar screen={screen} criteria={criteriaFromSearch(screen, state.values)} total={list.total} onDone={() => void list.reload()} />}
      <DataTable
        screen={screen}
        selection={bulkable ? { selected, onChange: setSelected } : undefined}
        rows={list.rows}
        total={list.total}
        page={state.page}
        pageSize={PAGE_SIZE}
        paginated={list.paginated}
        loading={list.loading}
        sort={state.sort}
        onPage={(page) => setState({ page })}
        onSort={(sort) => setState({ sort, page: 1 })}
        rowActions={rowActions}
        actionsWidth={actionsWidth}
      />
      {screen.options?.formIn === 'modal' ? (
        <Modal open={!!form} title={formTitle} onCancel={() => setForm(undefined)} footer={formFooter} width={screen.options?.formWidth ?? FORM_WIDTH} destroyOnHidden>
          {formBody}
        </Modal>
      ) : (
        formOpened && (
          <Suspense fallback={null}>
            <Drawer open={!!form} title={formTitle} onClose={() => setForm(undefined)} footer={formFooter} size={screen.options?.formWidth ?? FORM_WIDTH} destroyOnHidden>
              {formBody}
            </Drawer>
          </Suspense>
        )
      )}
      {toolOpened && (
        <Suspense fallback={null}>
          <Drawer open={!!tool} title={tool?.label} onClose={() => setTool(undefined)} size={TOOL_WIDTH}>
            {tool && ToolView && <ToolView screen={screen} record={{}} section={{ key: tool.key, label: tool.label, view: tool.view }} />}
          </Drawer>
        </Suspense>
      )}
      {reasonFor && (
        <Suspense fallback={null}>
          <ReasonConfirm
            title={confirmationText(reasonFor.action) ?? reasonFor.action.label}
            onCancel={() => setReasonFor(undefined)}
            onConfirm={async (reason) => {
              const answer = await call(`${base}/${reasonFor.action.name}`, { data: { ...keyData(screen, reasonFor.row), reason } });
              const fieldMessage = (answer.result as { fields?: Record<string, string> } | undefined)?.fields?.reason;
              if (fieldMessage) return fieldMessage;
              setReasonFor(undefined);
              if (isSuccess(answer.status.responsecode)) {
                message.success(answer.status.responsemessage);
                void list.reload();
              } else showError(answer.status.responsemessage);
              return undefined;
            }}
          />
        </Suspense>
      )}
    </>
  );

  // antd's Card look in CSS (styles.css): antd's Card brings its tabs and skeleton into every list screen.
  return screen.layout === 'own' ? body : <div className="engine-panel engine-card">{body}</div>;
}
