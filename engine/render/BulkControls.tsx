// The list screen's bulk controls: the Upload button, whose dialog (UploadDialog.tsx) loads when
// first opened, and the bar over the selected rows that runs a bulk action on all of them in one call after one
// confirmation.
import { lazy, Suspense, useState } from 'react';
import { App, Button, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { isSuccess } from '../api/envelope';
import { CONFIRM_TEXTS, actionFunctionCode } from '../definition/compile';
import { bulkActions, bulkPath, isDomainBulk } from '../definition/bulk';
import type { ScreenDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';
import { showErrorToast } from './errorToast';

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

/** The screen's bulk actions the signed-in user may run: the table offers row selection when there is one. */
export function useBulkActions(screen: ScreenDefinition) {
  const { can } = useEngine();
  return bulkActions(screen).filter((bulk) => can(actionFunctionCode(screen, bulk.action)));
}

/** Over the table while rows are selected: how many, a button per bulk action, and Clear. */
export function BulkBar({ screen, selected, onDone, onClear }: { screen: ScreenDefinition; selected: Row[]; onDone(): void; onClear(): void }) {
  const { call } = useEngine();
  const { message, modal } = App.useApp();
  const actions = useBulkActions(screen);
  if (selected.length === 0 || actions.length === 0) return null;
  const keys = selected.map((row) => Object.fromEntries(screen.resource.key.map((k) => [k, row[k]])));

  const run = (name: string, confirm: string | undefined) =>
    modal.confirm({
      title: confirm ?? CONFIRM_TEXTS.generic,
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        const answer = await call(`/api/${screen.resource.name}/${bulkPath(name)}`, { data: { keys } });
        if (isSuccess(answer.status.responsecode)) {
          message.success(answer.status.responsemessage);
          onDone();
        } else showErrorToast(message, answer.status.responsemessage);
      },
    });

  return (
    <div className="engine-bulkbar" role="toolbar" aria-label="Selected rows">
      <span>{selected.length} selected</span>
      <Space wrap>
        {actions.map(({ name, label, confirm }) => (
          <Button key={name} danger={name === 'delete' || name === 'deactivate'} onClick={() => run(name, confirm)}>
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
  const { call } = useEngine();
  const { message, modal } = App.useApp();
  const actions = useBulkActions(screen).filter((bulk) => isDomainBulk(bulk.action));
  if (actions.length === 0 || total === 0) return null;
  const run = (name: string, confirm: string | undefined) =>
    modal.confirm({
      title: confirm ?? CONFIRM_TEXTS.generic,
      content: `${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'}`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        const answer = await call(`/api/${screen.resource.name}/${bulkPath(name)}`, { data: { all: true, criteria } });
        if (isSuccess(answer.status.responsecode)) {
          message.success(answer.status.responsemessage);
          onDone();
        } else showErrorToast(message, answer.status.responsemessage);
      },
    });
  return (
    <div className="engine-bulkbar engine-allbar" role="toolbar" aria-label="All filtered rows">
      <span>{total.toLocaleString('en-US')} found</span>
      <Space wrap>
        {actions.map(({ name, label, confirm }) => (
          <Button key={name} onClick={() => run(name, confirm)}>
            {`${label} (all)`}
          </Button>
        ))}
      </Space>
    </div>
  );
}
