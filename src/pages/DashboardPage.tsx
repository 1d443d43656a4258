// The dashboard route. Its panels come with the dashboard work; until then it greets the signed-in user.
import { useEffect } from 'react';
import { Card, Descriptions, Typography } from 'antd';
import type { StoredProfile } from '../session/storage';
import { pageTitle } from '../shell/pageTitle';

export function DashboardPage({ profile }: { profile: StoredProfile }) {
  useEffect(() => {
    document.title = pageTitle('Dashboard');
  }, []);
  return (
    <Card className="engine-panel">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Dashboard
      </Typography.Title>
      <Descriptions column={2} items={[
        { key: 'user', label: 'Signed in as', children: `${profile.username} (${profile.rolename})` },
        { key: 'name', label: 'Name', children: profile.userfullname },
        { key: 'branch', label: 'Branch', children: profile.branchcode ?? '-' },
        { key: 'office', label: 'Ticket Office', children: profile.tickoffid ?? '-' },
      ]} />
    </Card>
  );
}
