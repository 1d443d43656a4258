// A definition's marks in the finder and above the editor: version, source, conflict, draft and a waiting request.
import { Space, Tag } from 'antd';
import type { StudioEntry } from '../../definition/studio';

export function StudioMarks({ entry }: { entry: StudioEntry }) {
  return (
    <Space size={4} className="studio-marks">
      <Tag>v{entry.version}</Tag>
      <Tag color={entry.source === 'STUDIO' ? 'blue' : undefined}>{entry.source}</Tag>
      {entry.conflict && <Tag color="red">Conflict</Tag>}
      {entry.draft && <Tag color="gold">Draft</Tag>}
      {entry.pendingRequest !== null && <Tag color="purple">Request {entry.pendingRequest}</Tag>}
    </Space>
  );
}
