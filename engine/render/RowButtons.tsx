// The buttons of a table row, drawn from rowActions' answer: an icon with its tooltip, each with its handler.
import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { CheckCircleOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, KeyOutlined, MailOutlined, RedoOutlined, StarOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { RowAction } from '../definition/rowActions';

/** The standard actions' icons and the ones a custom action may name ("icon"); others show the default. */
const ICONS: Record<string, typeof ThunderboltOutlined> = {
  eye: EyeOutlined,
  edit: EditOutlined,
  stop: StopOutlined,
  'check-circle': CheckCircleOutlined,
  delete: DeleteOutlined,
  key: KeyOutlined,
  mail: MailOutlined,
  star: StarOutlined,
  check: CheckOutlined,
  close: CloseOutlined,
  download: DownloadOutlined,
  redo: RedoOutlined,
};

export function RowButtons({ actions, onAction }: { actions: RowAction[]; onAction(action: RowAction): void }): ReactNode {
  return (
    <Space size={0}>
      {actions.map((action) => {
        const Icon = ICONS[action.icon] ?? ThunderboltOutlined;
        return (
          <Tooltip title={action.label} key={action.key}>
            <Button type="text" danger={action.danger} icon={<Icon />} aria-label={action.label} onClick={() => onAction(action)}>
              {action.withText ? action.label : undefined}
            </Button>
          </Tooltip>
        );
      })}
    </Space>
  );
}
