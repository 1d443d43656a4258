// The frame of every public member page: the login page's background, the product name, a centred white card with
// the page title, and the login page's footer. The title is the document title too.
import { useEffect, type ReactNode } from 'react';
import { Card, Spin, Typography } from 'antd';
import { CLIENT_VERSION } from '../../../engine/api/envelope';
import { APP_NAME, pageTitle } from '../../shell/pageTitle';
import './publicPages.css';

interface Props {
  title: string;
  /** The mini-view's result table needs more room than a form. */
  wide?: boolean;
  /** False when the content carries its own heading (an error page's Result); the tab title stays. */
  heading?: boolean;
  children: ReactNode;
}

export function PublicLayout({ title, wide = false, heading = true, children }: Props) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <div className="public-page">
      <div className="public-brand">
        <img src="/logo.svg" alt="" width={40} height={40} />
        {APP_NAME}
      </div>
      <Card className={wide ? 'public-card public-card-wide' : 'public-card'} variant="borderless">
        {heading && (
          <Typography.Title level={3} className="public-title" style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
        )}
        {children}
      </Card>
      <Typography.Text className="public-footer">
        {CLIENT_VERSION} · © {new Date().getFullYear()} {APP_NAME}
      </Typography.Text>
    </div>
  );
}

/** A call in progress, with the spec's waiting text. */
export function Waiting({ text }: { text: string }) {
  return (
    <div className="public-waiting" role="status">
      <Spin size="large" />
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}
