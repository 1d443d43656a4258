// A record page: a list screen's record opened at /<menu path>/form/{key}/{section}, with a
// side menu of the sections the user may open and the record's values allow (200 px, collapsing below
// antd's lg breakpoint, spec 000 §9), the active section from the URL (an unknown or hidden one falls
// back to the first), and each section's form saved on its own, its child table, or its registered view.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Empty, Layout, Menu, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  NEW_RECORD,
  childDetailPath,
  isFirstSection,
  navigatorSteps,
  recordPagePath,
  sectionScreen,
  visibleSections,
} from '../definition/recordPage';
import type { RecordSection, ScreenDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';
import { showErrorToast } from './errorToast';
import { RecordActions, RecordHeader } from './RecordHeader';
import { useRecordSummary, useSectionController } from './controllers/useRecordPageController';

const RecordDetails = lazy(() => import('./RecordDetails').then((m) => ({ default: m.RecordDetails })));
// A section's child table (antd's Table with it) and a child row's page load with the first section that shows one.
const ChildTable = lazy(() => import('./ChildTable').then((m) => ({ default: m.ChildTable })));
const ChildDetail = lazy(() => import('./ChildDetail').then((m) => ({ default: m.ChildDetail })));
// antd's Result (with its illustrations) loads with the first record that is not found.
const Result = lazy(() => import('antd/es/result'));

type Row = Record<string, unknown>;

const RecordForm = lazy(() => import('./RecordForm').then((m) => ({ default: m.RecordForm })));

/** The side menu's width (spec 000 §9). */
export const SECTION_MENU_WIDTH = 200;

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
  const { can, navigators } = useEngine();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isNew = recordKey === NEW_RECORD;
  const keyField = screen.resource.key[0]!;
  const { summary, missing, reload: loadSummary } = useRecordSummary(screen, recordKey);
  // Below lg the menu folds to a trigger beside the content, folded or opened: the content keeps clear of it.
  const [narrow, setNarrow] = useState(false);

  // A record not saved yet has only its first section: it creates the record.
  const sections = useMemo(() => {
    if (!summary) return [];
    const visible = visibleSections(screen, summary, can);
    return isNew ? visible.filter((s) => isFirstSection(screen, s)) : visible;
  }, [can, isNew, screen, summary]);
  const active = sections.find((s) => s.key === section);
  const fallback = sections[0];

  // An unknown or hidden section (or none) falls back to the first the user may open.
  useEffect(() => {
    if (summary && !active && fallback) navigate(recordPagePath(menuPath, recordKey, fallback.key), { replace: true });
  }, [active, fallback, menuPath, navigate, recordKey, summary]);

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
      <Layout className="engine-record" hasSider>
        <Layout.Sider width={SECTION_MENU_WIDTH} breakpoint="lg" collapsedWidth={0} theme="light" className="engine-record-menu" onBreakpoint={setNarrow}>
          <Menu
            mode="inline"
            aria-label="Sections"
            selectedKeys={active ? [active.key] : []}
            items={sections.map((s) => ({ key: s.key, label: s.label }))}
            onClick={({ key }) => navigate(recordPagePath(menuPath, recordKey, key))}
          />
        </Layout.Sider>
        <Layout.Content className={narrow ? 'engine-record-content engine-record-narrow' : 'engine-record-content'}>{content}</Layout.Content>
      </Layout>
    </Card>
  );
}

interface SectionViewProps {
  screen: ScreenDefinition;
  section: RecordSection;
  recordKey: string;
  summary: Row;
  onSaved(record: Row): Promise<void> | void;
  /** Opens a child row's detail page (a child table with `detailPage`), by the row's last key field. */
  onOpenDetail(key: unknown): void;
  showError(text: string): void;
}

/** One section: its form (loaded from and saved to the section's own actions), its view, its child table. */
function SectionView({ screen, section, recordKey, summary, onSaved, onOpenDetail, showError }: SectionViewProps) {
  const { views, readOnly } = useEngine();
  const { isNew, values, errors, saving, version, save } = useSectionController(screen, section, recordKey, { onSaved, showError });
  const form = useMemo(() => sectionScreen(screen, section), [screen, section]);
  const formId = `section-${screen.menucode}-${section.key}`;

  const View = section.view ? views[section.view] : undefined;
  return (
    <div className="engine-record-section">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {section.label}
      </Typography.Title>
      {section.fields &&
        (values ? (
          readOnly ? (
            // A read-only menu's page shows the section's values, and saves nothing.
            <Suspense fallback={<Spin />}>
              <RecordDetails screen={form} record={values} />
            </Suspense>
          ) : (
          <Suspense fallback={<Spin />}>
            <RecordForm key={version} screen={form} mode={isNew ? 'create' : 'edit'} initial={values} serverErrors={errors} formId={formId} onSubmit={(data) => void save(data)} />
            <div className="engine-record-actions">
              <Button type="primary" htmlType="submit" form={formId} loading={saving}>
                Save
              </Button>
            </div>
          </Suspense>
          )
        ) : (
          <Spin />
        ))}
      {View && values && (
        <Suspense fallback={<Spin />}>
          <View screen={screen} record={{ ...summary, ...values }} section={section} />
        </Suspense>
      )}
      {section.child && !isNew && (
        <Suspense fallback={<Spin />}>
          <ChildTable parent={screen} parentRecord={summary} child={section.child} onOpenDetail={section.child.detailPage ? onOpenDetail : undefined} />
        </Suspense>
      )}
    </div>
  );
}

interface RecordHeadingProps {
  screen: ScreenDefinition;
  title: string;
  /** The saved record, whose actions show beside the title; none while creating. */
  record: Row | undefined;
  onBack(): void;
  onDone(): Promise<void> | void;
}

/** Back, the page's title, and the record's actions. */
function RecordHeading({ screen, title, record, onBack, onDone }: RecordHeadingProps) {
  return (
    <div className="engine-toolbar">
      <Space>
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back" onClick={onBack} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Space>
      {record && <RecordActions screen={screen} record={record} onDone={onDone} />}
    </div>
  );
}
