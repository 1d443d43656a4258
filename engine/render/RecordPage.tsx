// A record page: a list screen's record opened at /<menu path>/form/{key}/{section}, with a
// side menu of the sections the user may open and the record's values allow (200 px, collapsing below
// antd's lg breakpoint, spec 000 §9), the active section from the URL (an unknown or hidden one falls
// back to the first), and each section's form saved on its own, its child table, or its registered view.
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Empty, Spin } from 'antd';
import { NEW_RECORD, childDetailPath, navigatorSteps, recordPagePath } from '../definition/recordPage';
import type { RecordSection, ScreenDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';
import { showErrorToast } from './errorToast';
import { RecordHeader } from './RecordHeader';
import { RecordHeading, SectionLayout, SectionView } from './RecordSection';

export { SECTION_MENU_WIDTH } from './RecordSection';
import { useRecordSections, useRecordSummary } from './controllers/useRecordPageController';

// A child row's page loads with the first section that shows one.
const ChildDetail = lazy(() => import('./ChildDetail').then((m) => ({ default: m.ChildDetail })));
// antd's Result (with its illustrations) loads with the first record that is not found.
const Result = lazy(() => import('antd/es/result'));



interface RecordPageProps {
  screen: ScreenDefinition;
  menuPath: string;
  /** The key from the URL, or NEW_RECORD. */
  recordKey: string;
  /** The fourth path segment, if any. */
  section: string | undefined;
  /** A child row's key at <record page>/<section>/detail/<key> (a child table with a detail page). */
  detail?: string;
}

export default function RecordPage({ screen, menuPath, recordKey, section, detail }: RecordPageProps) {
  const { navigators } = useEngine();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isNew = recordKey === NEW_RECORD;
  const keyField = screen.resource.key[0]!;
  const { summary, missing, reload: loadSummary } = useRecordSummary(screen, recordKey);

  const { sections, active } = useRecordSections(screen, summary, { isNew, section, menuPath, recordKey });

  const back = () => navigate(menuPath);
  const title = isNew ? `Create ${screen.title}` : `${screen.title}: ${recordKey}`;
  const heading = <RecordHeading screen={screen} title={title} record={isNew ? undefined : summary} onBack={back} onDone={loadSummary} />;
  const header = summary && !isNew && screen.record?.header ? <RecordHeader screen={screen} record={summary} fields={screen.record.header} /> : null;
  const open = (s: RecordSection) => navigate(recordPagePath(menuPath, recordKey, s.key));

  if (missing) {
    return (
      <Card className="engine-panel">
        <Suspense fallback={<Spin />}>
          <Result status="warning" title={missing} extra={<Button onClick={back}>Back</Button>} />
        </Suspense>
      </Card>
    );
  }
  if (!summary) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (sections.length === 0) {
    return (
      <Card className="engine-panel">
        {heading}
        <Empty description={`No section of this ${screen.title} is open to you`} />
      </Card>
    );
  }

  const content: ReactNode =
    active && detail !== undefined && active.child?.detailPage ? (
      <Suspense fallback={<Spin />}>
        <ChildDetail key={`${recordKey}/${active.key}/${detail}`} parentRecord={summary} child={active.child} detailKey={detail} onBack={() => open(active)} />
      </Suspense>
    ) : (
      active && (
        <SectionView
          key={`${recordKey}/${active.key}`}
          screen={screen}
          section={active}
          recordKey={recordKey}
          summary={summary}
          onSaved={async (saved) => {
            if (isNew) navigate(recordPagePath(menuPath, String(saved[keyField]), active.key), { replace: true });
            else await loadSummary();
          }}
          onOpenDetail={(row) => navigate(childDetailPath(menuPath, recordKey, active.key, String(row)))}
          showError={(text) => showErrorToast(message, text)}
        />
      )
    );

  const Navigator = screen.record?.navigator ? navigators[screen.record.navigator] : undefined;
  if (Navigator) {
    return (
      <Card className="engine-panel">
        {heading}
        {header}
        <Suspense fallback={<Spin />}>
          <Navigator screen={screen} record={summary} steps={navigatorSteps(sections)} active={active} onOpen={open}>
            {content}
          </Navigator>
        </Suspense>
      </Card>
    );
  }

  return (
    <Card className="engine-panel">
      {heading}
      {header}
      <SectionLayout sections={sections} active={active} onOpen={open}>
        {content}
      </SectionLayout>
    </Card>
  );
}
