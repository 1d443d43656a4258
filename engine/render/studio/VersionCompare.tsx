// Two versions compared side by side in a dialog (the older on the left).
import { useEffect, useRef } from 'react';
import { Modal } from 'antd';
import type { Compared } from './useHistoryController';

export function VersionCompare({ compared, onClose }: { compared: Compared; onClose(): void }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let view: { destroy(): void } | undefined;
    let live = true;
    void import('./mergeView').then(({ createMergeView }) => {
      if (live && host.current) view = createMergeView(host.current, compared.older.text, compared.newer.text);
    });
    return () => {
      live = false;
      view?.destroy();
    };
  }, [compared]);
  return (
    <Modal open width="90%" footer={null} onCancel={onClose} title={`Version ${compared.older.version} | Version ${compared.newer.version}`} destroyOnHidden>
      <div ref={host} className="studio-merge" data-testid="studio-merge" />
    </Modal>
  );
}
