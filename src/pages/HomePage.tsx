// The signed-in landing page until the full staff shell (navigation, dashboard) replaces it.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { App as AntApp, Button, Layout, Result, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { api } from '../api';
import { sessionStore } from '../session/storage';

export function HomePage() {
  const navigate = useNavigate();
  const profile = sessionStore.profile();
  const { modal } = AntApp.useApp();

  useEffect(() => {
    document.title = 'Dashboard | Loyalty Management System';
  }, []);

  const logout = () =>
    modal.confirm({
      title: 'Are you sure want to logout?',
      onOk: async () => {
        await api.call('/api/session/expire', { noRetry: true });
        sessionStore.clear();
        navigate('/', { replace: true });
      },
    });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="app-header">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <Typography.Text strong style={{ color: '#fff', fontSize: 16, marginLeft: 12, flex: 1 }}>
          Loyalty Management System
        </Typography.Text>
        <Typography.Text style={{ color: '#fff', marginRight: 16 }}>{profile?.userfullname}</Typography.Text>
        <Button icon={<LogoutOutlined />} onClick={logout}>
          Logout
        </Button>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Result status="success" title={`Signed in as ${profile?.username} (${profile?.rolename})`} />
      </Layout.Content>
    </Layout>
  );
}
