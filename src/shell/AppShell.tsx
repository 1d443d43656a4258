// The signed-in layout: header with logo and the user menu, then the top navigation from the menu tree with Logout.
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { App as AntApp, Dropdown, Menu } from 'antd';
import { ApiOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { NavItem } from './navigation';
import type { FlatMenuItem, QuickSearch as QuickSearchDefinition } from '../../engine/definition/menuTree';
import type { MenuChoice } from './breadcrumbs';
import { MenuSearch } from './MenuSearch';
import { QuickSearch } from './QuickSearch';
import type { StoredProfile } from '../session/storage';
import { LOGOUT_CONFIRMATION } from '../../workflows/shellTexts';
import { API_DOCS_ROUTE } from '../../engine/api/apiReference';


function toMenuItems(items: NavItem[]): NonNullable<MenuProps['items']> {
  return items.map((item) => (item.children ? { key: item.key, label: item.label, children: toMenuItems(item.children) } : { key: item.path!, label: item.label }));
}

interface AppShellProps {
  navigation: NavItem[];
  /** The menus the top bar's search finds: those of the navigation. */
  menuChoices: MenuChoice[];
  /** Record look-ups of the menus the user sees (a member by card number). */
  quickSearches: (FlatMenuItem & { quickSearch: QuickSearchDefinition })[];
  profile: StoredProfile;
  onLogout(): Promise<void>;
  children: ReactNode;
}

export function AppShell({ navigation, menuChoices, quickSearches, profile, onLogout, children }: AppShellProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { modal } = AntApp.useApp();

  const logout = () => modal.confirm({ title: LOGOUT_CONFIRMATION, okText: 'OK', cancelText: 'Cancel', onOk: onLogout });
  const items = [...toMenuItems(navigation), { key: '__logout', label: 'Logout', icon: <LogoutOutlined /> }];

  return (
    // antd's Layout drawn in CSS (styles.css): its Sider's code would load with every screen.
    <div className="app-layout">
      <header className="app-header">
        <a className="app-brand" onClick={() => navigate('/')}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>Loyalty Management System</span>
        </a>
        <div className="app-searches">
          <MenuSearch choices={menuChoices} />
          {quickSearches.map((menu) => (
            <QuickSearch key={menu.menucode} menu={menu} />
          ))}
        </div>
        <Dropdown
          menu={{
            items: [
              { key: 'profile', label: 'Profile', icon: <UserOutlined />, onClick: () => navigate('/profile') },
              { key: 'api-docs', label: 'API Reference', icon: <ApiOutlined />, onClick: () => navigate(API_DOCS_ROUTE) },
              { key: 'logout', label: 'Logout', icon: <LogoutOutlined />, onClick: logout },
            ],
          }}
        >
          {/* antd's small Avatar and Text drawn in CSS: Avatar brings Popover, Text all of Typography, into every screen. */}
          <span className="app-user">
            <span className="app-avatar" aria-hidden="true">
              <UserOutlined />
            </span>
            <span className="app-user-name">{profile.userfullname}</span>
          </span>
        </Dropdown>
      </header>
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
      <main className="app-content">{children}</main>
      <footer className="app-footer">Loyalty Management System © {new Date().getFullYear()}</footer>
    </div>
  );
}
