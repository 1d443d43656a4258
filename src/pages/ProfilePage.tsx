// /profile: the signed-in user's details.
import { Card, Descriptions, Typography } from 'antd';
import type { StoredProfile } from '../session/storage';

export function ProfilePage({ profile }: { profile: StoredProfile }) {
  return (
    <Card className="engine-panel">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Profile
      </Typography.Title>
      <Descriptions column={1} bordered items={[
        { key: 'username', label: 'Username', children: profile.username },
        { key: 'name', label: 'Full Name', children: profile.userfullname },
        { key: 'email', label: 'E-mail', children: profile.email },
        { key: 'role', label: 'Role', children: profile.rolename },
        { key: 'branch', label: 'Branch Code', children: profile.branchcode ?? '-' },
        { key: 'office', label: 'Ticket Office ID', children: profile.tickoffid ?? '-' },
        { key: 'partner', label: 'Partner Code', children: profile.partnercode ?? '-' },
      ]} />
    </Card>
  );
}
