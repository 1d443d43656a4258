// The panels page kind: a title and a grid of panels, two a row from antd's lg breakpoint (one below it),
// each filter's value in the URL ('<panel>.<filter>=...', only what differs from its default).
import { useMemo, useState } from 'react';
import { Alert, Button, Col, Modal, Row, Typography } from 'antd';
import { panelDefaults, panelStateFromQuery, panelStateToQuery, type FilterValues } from '../definition/panelPage';
import type { PanelAnnouncement, PanelPage as PanelPageDefinition } from '../definition/screen';
import { PanelCard } from './PanelCard';
import { useAnnouncement } from './controllers/useAnnouncement';
import type { PageViewProps } from './pageViewProps';

const DEFAULT_SPAN = 12;

/** The dismissible info banner: shown when the query answers show true; its link opens the content in a modal. */
function AnnouncementBanner({ announcement }: { announcement: PanelAnnouncement }) {
  const content = useAnnouncement(announcement.query);
  const [open, setOpen] = useState(false);
  if (content === undefined) return null;
  return (
    <>
      <Alert
        className="engine-announcement"
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={announcement.title}
        closable={{ 'aria-label': 'Close' }}
        action={
          <Button size="small" type="link" onClick={() => setOpen(true)}>
            {announcement.link}
          </Button>
        }
      />
      <Modal open={open} title={announcement.title} footer={null} onCancel={() => setOpen(false)}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{content}</Typography.Paragraph>
      </Modal>
    </>
  );
}

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
      {definition.announcement && <AnnouncementBanner announcement={definition.announcement} />}
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
