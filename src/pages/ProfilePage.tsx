// /profile: the signed-in user's details and a change of password.
import { useState } from 'react';
import { App as AntApp, Button, Card, Descriptions, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { StoredProfile } from '../session/storage';
import { ChangePasswordModal } from './ChangePasswordModal';

export function ProfilePage({ profile }: { profile: StoredProfile }) {
  const [changing, setChanging] = useState(false);
  const { message } = AntApp.useApp();
  return (
    <Card className="engine-panel">
      <div className="engine-toolbar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          Profile
        </Typography.Title>
        <Button icon={<LockOutlined />} onClick={() => setChanging(true)}>
          Change Password
        </Button>
      </div>
      <Descriptions column={1} bordered items={[
        { key: 'username', label: 'Username', children: profile.username },
        { key: 'name', label: 'Full Name', children: profile.userfullname },
        { key: 'email', label: 'E-mail', children: profile.email },
        { key: 'role', label: 'Role', children: profile.rolename },
        { key: 'branch', label: 'Branch Code', children: profile.branchcode ?? '-' },
        { key: 'office', label: 'Ticket Office ID', children: profile.tickoffid ?? '-' },
        { key: 'partner', label: 'Partner Code', children: profile.partnercode ?? '-' },
      ]} />
      {changing && (
        <ChangePasswordModal
          username={profile.username}
          notice={undefined}
          onCancel={() => setChanging(false)}
          onDone={(output) => {
            setChanging(false);
            message.success(`${output.message}. ${output.description}`);
          }}
        />
      )}
    </Card>
  );
}
