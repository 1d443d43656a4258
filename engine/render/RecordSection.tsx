// A record page's section (its form saved on its own, its registered view, its child table) and the page's heading.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, Layout, Menu, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { sectionScreen } from '../definition/recordPage';
import type { RecordSection, ScreenDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';
import { RecordActions } from './RecordHeader';
import { useSectionController } from './controllers/useRecordPageController';

const RecordDetails = lazy(() => import('./RecordDetails').then((m) => ({ default: m.RecordDetails })));
// A section's child table (antd's Table with it) loads with the first section that shows one.
const ChildTable = lazy(() => import('./ChildTable').then((m) => ({ default: m.ChildTable })));
const RecordForm = lazy(() => import('./RecordForm').then((m) => ({ default: m.RecordForm })));

type Row = Record<string, unknown>;

/** The side menu's width (spec 000 §9). */
export const SECTION_MENU_WIDTH = 200;

/** The sections' side menu beside the open section; below lg the menu folds to a trigger the content keeps clear of. */
export function SectionLayout({ sections, active, onOpen, children }: { sections: RecordSection[]; active: RecordSection | undefined; onOpen(section: RecordSection): void; children: ReactNode }) {
  const [narrow, setNarrow] = useState(false);
  return (
    <Layout className="engine-record" hasSider>
      <Layout.Sider width={SECTION_MENU_WIDTH} breakpoint="lg" collapsedWidth={0} theme="light" className="engine-record-menu" onBreakpoint={setNarrow}>
        <Menu
          mode="inline"
          aria-label="Sections"
          selectedKeys={active ? [active.key] : []}
          items={sections.map((s) => ({ key: s.key, label: s.label }))}
          onClick={({ key }) => onOpen(sections.find((s) => s.key === key)!)}
        />
      </Layout.Sider>
      <Layout.Content className={narrow ? 'engine-record-content engine-record-narrow' : 'engine-record-content'}>{children}</Layout.Content>
    </Layout>
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
export function SectionView({ screen, section, recordKey, summary, onSaved, onOpenDetail, showError }: SectionViewProps) {
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
export function RecordHeading({ screen, title, record, onBack, onDone }: RecordHeadingProps) {
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
