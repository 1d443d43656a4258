// A child row's own page inside a record page (a child table with `detailPage`, e.g. a member's transaction at
// /member/form/{ID}/transaction/detail/{trxid}): the row's details as its screen shows them, then the
// registered view the definition names for it, and Back to the section's table.
import { Suspense, use, useEffect, useState } from 'react';
import { Button, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { isSuccess } from '../api/envelope';
import { childCriteria } from '../definition/recordPage';
import { fieldOf } from '../definition/compile';
import { isListScreen, type ChildTableDefinition, type ScreenDefinition } from '../definition/screen';
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

/** The key of the row: the parent's values, and the URL's value as the last key field's type. */
function rowKey(screen: ScreenDefinition, child: ChildTableDefinition, parent: Row, detailKey: string): Row {
  const last = screen.resource.key[screen.resource.key.length - 1]!;
  const field = fieldOf(screen, last);
  const numeric = field?.type === 'integer' || field?.type === 'number';
  return { ...childCriteria(child, parent), [last]: numeric && /^-?[0-9]+(\.[0-9]+)?$/.test(detailKey) ? Number(detailKey) : detailKey };
}

function LoadedDetail({ parentRecord, child, detailKey, onBack }: ChildDetailProps) {
  const { call, definitions, views } = useEngine();
  const page = use(definitions.loadPage(child.screen));
  if (!isListScreen(page)) throw new Error(`child screen ${child.screen} is not a list screen`);
  const [record, setRecord] = useState<Row>();
  const [missing, setMissing] = useState<string>();

  useEffect(() => {
    let current = true;
    void call<Row>(`/api/${page.resource.name}/detail`, { data: rowKey(page, child, parentRecord, detailKey) }).then((answer) => {
      if (!current) return;
      if (isSuccess(answer.status.responsecode) && answer.result) setRecord(answer.result);
      else setMissing(answer.status.responsemessage);
    });
    return () => {
      current = false;
    };
  }, [call, child, detailKey, page, parentRecord]);

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
