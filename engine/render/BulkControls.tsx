// The list screen's bulk controls: the Upload button, whose dialog (UploadDialog.tsx) loads when
// first opened, and the bar over the selected rows that runs a bulk action on all of them in one call after one
// confirmation.
import { lazy, Suspense, useState } from 'react';
import { Button, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { isDomainBulk } from '../definition/bulk';
import type { ScreenDefinition } from '../definition/screen';
import { useBulkActions, useBulkRunner } from './controllers/useBulkController';

type Row = Record<string, unknown>;

// The dialog (Upload, Alert, Typography) loads with the first click on Upload, not with every list screen.
const UploadDialog = lazy(() => import('./UploadDialog'));

/** Upload (grant-gated by the caller): opens the dialog; `onUploaded` after a file was written. */
export function UploadButton({ screen, onUploaded }: { screen: ScreenDefinition; onUploaded(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        Upload
      </Button>
      {open && (
        <Suspense fallback={null}>
          <UploadDialog screen={screen} onClose={() => setOpen(false)} onUploaded={onUploaded} />
        </Suspense>
      )}
    </>
  );
}

/** Over the table while rows are selected: how many, a button per bulk action, and Clear. */
export function BulkBar({ screen, selected, onDone, onClear }: { screen: ScreenDefinition; selected: Row[]; onDone(): void; onClear(): void }) {
  const run = useBulkRunner(screen, onDone);
  const actions = useBulkActions(screen);
  if (selected.length === 0 || actions.length === 0) return null;
  const keys = selected.map((row) => Object.fromEntries(screen.resource.key.map((k) => [k, row[k]])));

  return (
    <div className="engine-bulkbar" role="toolbar" aria-label="Selected rows">
      <span>{selected.length} selected</span>
      <Space wrap>
        {actions.map(({ name, label, confirm }) => (
          <Button key={name} danger={name === 'delete' || name === 'deactivate'} onClick={() => run({ name, confirm, data: { keys } })}>
            {label}
          </Button>
        ))}
        <Button type="link" onClick={onClear}>
          Clear
        </Button>
      </Space>
    </div>
  );
}

/**
 * Over the table while no row is selected, for the actions a domain module runs in bulk: each on every row the
 * search finds (all pages), sent as { all: true, criteria } after one confirmation naming how many.
 */
export function AllFilteredBar({ screen, criteria, total, onDone }: { screen: ScreenDefinition; criteria: Record<string, unknown>; total: number; onDone(): void }) {
  const run = useBulkRunner(screen, onDone);
  const actions = useBulkActions(screen).filter((bulk) => isDomainBulk(bulk.action));
  if (actions.length === 0 || total === 0) return null;
  const content = `${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'}`;
  return (
    <div className="engine-bulkbar engine-allbar" role="toolbar" aria-label="All filtered rows">
      <span>{total.toLocaleString('en-US')} found</span>
      <Space wrap>
        {actions.map(({ name, label, confirm }) => (
          <Button key={name} onClick={() => run({ name, confirm, content, data: { all: true, criteria } })}>
            {`${label} (all)`}
          </Button>
        ))}
      </Space>
    </div>
  );
}
