// The panels page kind: a title and a grid of panels, two a row from antd's lg breakpoint (one below it),
// each filter's value in the URL ('<panel>.<filter>=...', only what differs from its default).
import { useMemo } from 'react';
import { Col, Row, Typography } from 'antd';
import { panelDefaults, panelStateFromQuery, panelStateToQuery, type FilterValues } from '../definition/panelPage';
import type { PanelPage as PanelPageDefinition } from '../definition/screen';
import { PanelCard } from './PanelCard';
import type { PageViewProps } from './PageView';

const DEFAULT_SPAN = 12;

export default function PanelPage({ page, query, onQueryChange }: PageViewProps) {
  const definition = page as PanelPageDefinition;
  // Day bounds and defaults are read against the day the page opened.
  const today = useMemo(() => new Date(), []);
  const state = useMemo(() => panelStateFromQuery(definition, query, today), [definition, query, today]);
  const setValues = (key: string, values: FilterValues) => onQueryChange(panelStateToQuery(definition, { ...state, [key]: values }, today));
  return (
    <div className="engine-panels">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {definition.title}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {definition.panels.map((panel) => (
          <Col key={panel.key} xs={24} lg={panel.span ?? DEFAULT_SPAN}>
            <PanelCard
              panel={panel}
              values={state[panel.key]!}
              today={today}
              onChange={(values) => setValues(panel.key, values)}
              onReset={() => setValues(panel.key, panelDefaults(panel, today))}
            />
          </Col>
        ))}
      </Row>
    </div>
  );
}
