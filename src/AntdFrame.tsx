// antd's theme and message context, loaded with the first page that uses antd (never by the login page itself).
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';

export const ANTD_THEME = { token: { colorPrimary: '#0b5cad', borderRadius: 6 } };

export function AntdFrame({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={ANTD_THEME}>
      {/* Toasts sit below the 64px header, never over its menus. */}
      <AntApp message={{ top: 72 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
