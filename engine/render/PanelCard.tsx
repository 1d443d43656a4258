// One panel of a panel page (spec 000 §2): its filters (a change refetches at once), Reset, a loading spinner,
// an empty placeholder, a closable red banner with the server's message, and Enlarge: the panel in a 960 modal.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Form, Modal, Spin, Statistic, Tooltip } from 'antd';
import { ExpandOutlined, UndoOutlined } from '@ant-design/icons';
import { columnLabel, formatThousands, hasRows, labelledColumns, statisticValue, withLabels } from '../definition/chartData';
import { panelCriteria, panelFilters, type FilterValues } from '../definition/panelPage';
import type { PanelDefinition } from '../definition/screen';
import { usePanelQuery, type PanelQueryState } from './usePanelQuery';
import { useReferenceLabels } from './useReferenceLabels';
import { FilterInput } from './widgets/FilterInput';
import { PanelTable } from './PanelTable';

// The chart loads with the first one drawn, not with the page.
const PanelChart = lazy(() => import('./PanelChart'));

/** Spec 000 §2, §9: a panel opens enlarged in a modal 960 wide. */
export const PANEL_MODAL_WIDTH = 960;
const CHART_HEIGHT = { card: 280, modal: 440 } as const;

interface PanelCardProps {
  panel: PanelDefinition;
  values: FilterValues;
  today: Date;
  onChange(values: FilterValues): void;
  onReset(): void;
}

function PanelFilters({ panel, values, today, onChange, where }: Omit<PanelCardProps, 'onReset'> & { where: string }) {
  const filters = panelFilters(panel);
  if (filters.length === 0) return null;
  return (
    <Form layout="inline" className="engine-panel-filters" component="div" style={{ rowGap: 8 }}>
      {filters.map((filter) => {
        const id = `${where}-${panel.key}-${filter.name}`;
        return (
          <Form.Item key={filter.name} label={filter.label} htmlFor={id}>
            <FilterInput filter={filter} id={id} values={values} today={today} onChange={(value) => onChange({ ...values, [filter.name]: value })} />
          </Form.Item>
        );
      })}
    </Form>
  );
}

function PanelBody({ panel, state, height }: { panel: PanelDefinition; state: PanelQueryState; height: number }) {
  const { chart } = panel;
  // Reference values (an award's code) are drawn by their labels, once those are known.
  const columns = useMemo(() => labelledColumns(chart), [chart]);
  const references = useReferenceLabels(columns, (state.rows ?? []) as object[]);
  const labelsReady = !references.pending;
  const rows = useMemo(
    () => (state.rows && labelsReady ? withLabels(chart, state.rows, (selector, value) => references.get(selector).get(value)) : undefined),
    // The labels change only when they arrive, which ends `pending`.
    [chart, state.rows, labelsReady],
  );
  let content;
  if (rows && hasRows(rows)) {
    if (chart.kind === 'table') content = <PanelTable chart={chart} rows={rows} />;
    else if (chart.kind === 'statistic') content = <Statistic title={columnLabel(chart, chart.y)} value={statisticValue(chart, rows)} formatter={(value) => formatThousands(value)} />;
    else
      content = (
        <Suspense fallback={<div style={{ height }} />}>
          <PanelChart chart={chart} rows={rows} height={height} />
        </Suspense>
      );
  } else if (state.status !== 'loading' && labelsReady) {
    content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  }
  return (
    <Spin spinning={state.status === 'loading' || !labelsReady}>
      <div className="engine-panel-body" style={{ minHeight: chart.kind === 'statistic' ? 96 : height }} data-state={state.status}>
        {content}
      </div>
    </Spin>
  );
}

export function PanelCard(props: PanelCardProps) {
  const { panel, values, onReset } = props;
  const state = usePanelQuery(panel.query, panelCriteria(panel, values));
  const [enlarged, setEnlarged] = useState(false);
  // The banner closed for this error; a later error shows again.
  const [closedError, setClosedError] = useState<PanelQueryState>();
  const banner =
    state.status === 'error' && closedError !== state ? (
      <Alert className="engine-panel-error" style={{ margin: '12px 0' }} type="error" showIcon title={state.message} closable={{ onClose: () => setClosedError(state), 'aria-label': 'Close' }} />
    ) : null;
  const actions = (
    <Flex gap={4}>
      <Button size="small" icon={<UndoOutlined />} onClick={onReset}>
        Reset
      </Button>
      {!enlarged && (
        <Tooltip title="Enlarge">
          <Button size="small" icon={<ExpandOutlined />} aria-label="Enlarge" onClick={() => setEnlarged(true)} />
        </Tooltip>
      )}
    </Flex>
  );
  return (
    <>
      <Card className="engine-panel engine-panel-card" title={panel.title} extra={enlarged ? null : actions} data-panel={panel.key}>
        <PanelFilters {...props} where="card" />
        {!enlarged && banner}
        <PanelBody panel={panel} state={state} height={CHART_HEIGHT.card} />
      </Card>
      <Modal open={enlarged} width={PANEL_MODAL_WIDTH} title={panel.title} footer={null} onCancel={() => setEnlarged(false)} destroyOnHidden>
        <Flex justify="space-between" align="start" gap={8} wrap>
          <PanelFilters {...props} where="modal" />
          {actions}
        </Flex>
        {banner}
        <PanelBody panel={panel} state={state} height={CHART_HEIGHT.modal} />
      </Modal>
    </>
  );
}
