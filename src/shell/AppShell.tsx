// The signed-in layout: header with logo and the user menu, then the top navigation from the menu tree with Logout.
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { App as AntApp, Avatar, Dropdown, Layout, Menu, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { NavItem } from './navigation';
import type { StoredProfile } from '../session/storage';
import { LOGOUT_CONFIRMATION } from '../../workflows/shellTexts';


function toMenuItems(items: NavItem[]): NonNullable<MenuProps['items']> {
  return items.map((item) => (item.children ? { key: item.key, label: item.label, children: toMenuItems(item.children) } : { key: item.path!, label: item.label }));
}

interface AppShellProps {
  navigation: NavItem[];
  profile: StoredProfile;
  onLogout(): Promise<void>;
  children: ReactNode;
}

export function AppShell({ navigation, profile, onLogout, children }: AppShellProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { modal } = AntApp.useApp();

  const logout = () => modal.confirm({ title: LOGOUT_CONFIRMATION, okText: 'OK', cancelText: 'Cancel', onOk: onLogout });
  const items = [...toMenuItems(navigation), { key: '__logout', label: 'Logout', icon: <LogoutOutlined /> }];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="app-header">
        <a className="app-brand" onClick={() => navigate('/')}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>Loyalty Management System</span>
        </a>
        <Dropdown
          menu={{
            items: [
              { key: 'profile', label: 'Profile', icon: <UserOutlined />, onClick: () => navigate('/profile') },
              { key: 'logout', label: 'Logout', icon: <LogoutOutlined />, onClick: logout },
            ],
          }}
        >
          <span className="app-user">
            <Avatar size="small" icon={<UserOutlined />} />
            <Typography.Text style={{ color: '#fff' }}>{profile.userfullname}</Typography.Text>
          </span>
        </Dropdown>
      </Layout.Header>
      {/* The navigation has a row of its own: the spec's eight groups and four top-level items fit at 1366 px. */}
      <nav className="app-navbar">
        <Menu
          className="app-nav"
          theme="dark"
          mode="horizontal"
          selectedKeys={[location.pathname]}
          items={items}
          onClick={({ key }) => (key === '__logout' ? logout() : navigate(key))}
        />
      </nav>
      <Layout.Content className="app-content">{children}</Layout.Content>
      <Layout.Footer className="app-footer">Loyalty Management System © {new Date().getFullYear()}</Layout.Footer>
    </Layout>
  );
}
