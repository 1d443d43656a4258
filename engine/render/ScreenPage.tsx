// A whole menu screen from its definition: title, search, table with permitted row actions, and the
// record form in a drawer or modal, with the confirmations of spec 000 §4. The behaviour lives in the
// controllers (list, record, action runner, rowActions); the components here lay it out.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import { actionFunctionCode, hasAction, isCustomAction } from '../definition/compile';
import { rowActions, type RowAction } from '../definition/rowActions';
import { FORM_WIDTH, type CustomAction, type ScreenDefinition, type ScreenTool, type StandardAction } from '../definition/screen';
import { criteriaFromSearch, searchStateFromQuery, searchStateToQuery, type SearchState } from '../definition/searchCriteria';
import { DataTable } from './DataTable';
import { AllFilteredBar, BulkBar, UploadButton } from './BulkControls';
import { useBulkActions } from './controllers/useBulkController';
import { useEngine } from './EngineContext';
import { FormFooter } from './FormFooter';
import { RowButtons } from './RowButtons';
import { SearchForm } from './SearchForm';
import { PAGE_SIZE, useListController } from './controllers/useListController';
import { useActionRunner } from './controllers/useActionRunner';
import { keyData, useRecordController } from './controllers/useRecordController';

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

interface ScreenPageProps {
  screen: ScreenDefinition;
  /** The search state lives in the URL query, so a reload or a shared link shows the same results. */
  query: string;
  onQueryChange(query: string): void;
  /** Records open as a record page instead of the form (row: Edit; none: Create). */
  onOpenRecord?(row?: Row): void;
}

export function ScreenPage({ screen, query, onQueryChange, onOpenRecord }: ScreenPageProps) {
  const { can, readOnly } = useEngine();
  const state = useMemo(() => searchStateFromQuery(screen, query), [screen, query]);
  const list = useListController(screen, state);
  const record = useRecordController(screen, { onSaved: () => void list.reload() });
  const runner = useActionRunner(screen, () => void list.reload());

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

  const actionsOf = (row: Row) => rowActions(screen, row, { can, readOnly }, { table: 'list', opensPage: !!onOpenRecord });
  const onAction = (row: Row, action: RowAction) => {
    if (action.kind === 'page') onOpenRecord?.(row);
    else if (action.kind === 'edit' || action.kind === 'view') void record.open(row, action.kind);
    else if (action.action) runner.run(row, action.action);
  };
  // Icon buttons of 32 px ('View' with its text is wider) and the cell's padding.
  const actionsWidth = Math.max(32, ...list.rows.map((row) => actionsOf(row).reduce((sum, a) => sum + (a.withText ? 84 : 32), 0))) + 40;

  const body = (
    <>
      <ScreenToolbar screen={screen} canUpload={allowed('upload')} canCreate={allowed('create')} onUploaded={() => void list.reload()} onCreate={() => (onOpenRecord ? onOpenRecord() : record.create())} />
      <SearchForm screen={screen} values={state.values} advanced={state.advanced} onSearch={runSearch} onToggleAdvanced={(advanced) => setState({ advanced })} onDownload={allowed('download') ? () => void list.download() : undefined} />
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
        rowActions={(row) => <RowButtons actions={actionsOf(row)} onAction={(action) => onAction(row, action)} />}
        actionsWidth={actionsWidth}
      />
      <RecordFormPanel screen={screen} record={record} />
      {runner.reasonFor && (
        <Suspense fallback={null}>
          <ReasonConfirm title={runner.reasonTitle!} onCancel={runner.cancelReason} onConfirm={runner.confirmReason} />
        </Suspense>
      )}
    </>
  );

  // antd's Card look in CSS (styles.css): antd's Card brings its tabs and skeleton into every list screen.
  return screen.layout === 'own' ? body : <div className="engine-panel engine-card">{body}</div>;
}

interface ScreenToolbarProps {
  screen: ScreenDefinition;
  canUpload: boolean;
  canCreate: boolean;
  onUploaded(): void;
  onCreate(): void;
}

/** The screen's title and its buttons: its tools (a registered view in a drawer), Upload and Create. */
function ScreenToolbar({ screen, canUpload, canCreate, onUploaded, onCreate }: ScreenToolbarProps) {
  const { can, views } = useEngine();
  // The screen's tools (e.g. the accrual simulator): the ones the role may open.
  const tools = (screen.tools ?? []).filter((tool) => can(tool.function ?? actionFunctionCode(screen, 'access')));
  const [tool, setTool] = useState<ScreenTool>();
  const [toolOpened, setToolOpened] = useState(false);
  if (tool && !toolOpened) setToolOpened(true);
  const ToolView = tool ? views[tool.view] : undefined;
  return (
    <div className="engine-toolbar">
      {/* antd's level-4 Title in CSS (styles.css): Typography would load its editing and copying parts with every list. */}
      <h4 className="engine-title">{screen.title}</h4>
      <Space>
        {tools.map((t) => (
          <Button key={t.key} icon={<ExperimentOutlined />} onClick={() => setTool(t)}>
            {t.label}
          </Button>
        ))}
        {canUpload && <UploadButton screen={screen} onUploaded={onUploaded} />}
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
            Create
          </Button>
        )}
      </Space>
      {toolOpened && (
        <Suspense fallback={null}>
          <Drawer open={!!tool} title={tool?.label} onClose={() => setTool(undefined)} size={TOOL_WIDTH}>
            {tool && ToolView && <ToolView screen={screen} record={{}} section={{ key: tool.key, label: tool.label, view: tool.view }} />}
          </Drawer>
        </Suspense>
      )}
    </div>
  );
}

/** The record's form (create, edit) or details (view), in a modal or a drawer as the screen says. */
function RecordFormPanel({ screen, record }: { screen: ScreenDefinition; record: ReturnType<typeof useRecordController> }) {
  const { form, saving, close, save, title } = record;
  const [formOpened, setFormOpened] = useState(false);
  if (form && !formOpened) setFormOpened(true);
  const formId = `form-${screen.menucode}`;
  const body = form && (
    <Suspense fallback={null}>
      {form.mode === 'view' ? (
        <RecordDetails screen={screen} record={form.record} />
      ) : (
        <RecordForm key={`${form.mode}-${JSON.stringify(keyData(screen, form.record))}`} screen={screen} mode={form.mode} initial={form.record} serverErrors={form.errors} formId={formId} onSubmit={(values) => void save(values)} />
      )}
    </Suspense>
  );
  const footer = <FormFooter viewing={form?.mode === 'view'} formId={formId} saving={saving} onClose={close} />;
  if (screen.options?.formIn === 'modal') {
    return (
      <Modal open={!!form} title={title} onCancel={close} footer={footer} width={screen.options?.formWidth ?? FORM_WIDTH} destroyOnHidden>
        {body}
      </Modal>
    );
  }
  return (
    formOpened && (
      <Suspense fallback={null}>
        <Drawer open={!!form} title={title} onClose={close} footer={footer} size={screen.options?.formWidth ?? FORM_WIDTH} destroyOnHidden>
          {body}
        </Drawer>
      </Suspense>
    )
  );
}
