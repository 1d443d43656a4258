// antd's theme and message context, loaded with the first page that uses antd (never by the login page itself).
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';

export const ANTD_THEME = { token: { colorPrimary: '#0b5cad', borderRadius: 6 } };

// A button's spinner without antd's width animation: that animation ends on a transitionend event that a
// page which paints no frame for a while (a busy machine) never receives, leaving the spinner, and the
// button's name 'loading Next', after the load has finished.
const BUTTON = { loadingIcon: <LoadingOutlined /> };

export function AntdFrame({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={ANTD_THEME} button={BUTTON}>
      {/* Toasts sit below the 64px header, never over its menus. */}
      <AntApp message={{ top: 72 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
