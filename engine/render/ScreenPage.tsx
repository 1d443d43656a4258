// A whole menu screen from its definition: title, search, table with permitted row actions, and the
// record form in a drawer or modal, with the confirmations of spec 000 §4. The behaviour lives in the
// controllers (list, record, action runner, rowActions); the components here lay it out.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { actionFunctionCode, hasAction, isCustomAction } from '../definition/compile';
import { rowActions, type RowAction } from '../definition/rowActions';
import { type CustomAction, type ScreenDefinition, type StandardAction } from '../definition/screen';
import { criteriaFromSearch, searchStateFromQuery, searchStateToQuery, type SearchState } from '../definition/searchCriteria';
import { DataTable } from './DataTable';
import { AllFilteredBar, BulkBar } from './BulkControls';
import { useBulkActions } from './controllers/useBulkController';
import { useEngine } from './EngineContext';
import { RowButtons } from './RowButtons';
import { SearchForm } from './SearchForm';
import { PAGE_SIZE, useListController } from './controllers/useListController';
import { useActionRunner } from './controllers/useActionRunner';
import { useRecordController } from './controllers/useRecordController';
import { ScreenToolbar } from './ScreenToolbar';
import { RecordFormPanel } from './RecordFormPanel';

type Row = Record<string, unknown>;

// The reason dialog (a form with a text area) loads with the first action that asks for a reason.
const ReasonConfirm = lazy(() => import('./ReasonConfirm').then((m) => ({ default: m.ReasonConfirm })));

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

