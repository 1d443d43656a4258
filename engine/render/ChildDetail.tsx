// A child row's own page inside a record page (a child table with `detailPage`, e.g. a member's transaction at
// /member/form/{ID}/transaction/detail/{trxid}): the row's details as its screen shows them, then the
// registered view the definition names for it, and Back to the section's table.
import { Suspense, use } from 'react';
import { Button, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { isListScreen, type ChildTableDefinition } from '../definition/screen';
import { useChildDetail } from './controllers/useChildDetail';
import { useEngine } from './EngineContext';
import { RecordDetails } from './RecordDetails';

type Row = Record<string, unknown>;

interface ChildDetailProps {
  parentRecord: Row;
  child: ChildTableDefinition;
  /** The row's last key field's value, from the URL. */
  detailKey: string;
  onBack(): void;
}

export function ChildDetail(props: ChildDetailProps) {
  return (
    <Suspense fallback={<Spin />}>
      <LoadedDetail {...props} />
    </Suspense>
  );
}

function LoadedDetail({ parentRecord, child, detailKey, onBack }: ChildDetailProps) {
  const { definitions, views } = useEngine();
  const page = use(definitions.loadPage(child.screen));
  if (!isListScreen(page)) throw new Error(`child screen ${child.screen} is not a list screen`);
  const { record, missing } = useChildDetail(page, child, parentRecord, detailKey);

  const View = child.detailPage?.view ? views[child.detailPage.view] : undefined;
  return (
    <div className="engine-child-detail">
      <Space style={{ marginBottom: 12 }}>
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label="Back to list" onClick={onBack} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {`${page.title} ${detailKey}`}
        </Typography.Title>
      </Space>
      {missing && <Result status="warning" title={missing} extra={<Button onClick={onBack}>Back</Button>} />}
      {!missing && !record && <Spin />}
      {record && (
        <>
          <RecordDetails screen={page} record={record} />
          {View && (
            <Suspense fallback={<Spin />}>
              <View screen={page} record={record} section={{ key: 'detail', label: page.title }} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
