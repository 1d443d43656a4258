// A secret the server keeps only as a hash (an API client's secret), shown once in a dialog to copy: the
// browser keeps it nowhere and the server cannot show it again.
import { createElement } from 'react';
import { App, Typography } from 'antd';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** Shows the answer's result.secret under the answer's message. */
export function revealSecret(modal: Modal, title: string, result: unknown): void {
  const secret = String((result as { secret?: string } | undefined)?.secret ?? '');
  modal.info({ title, width: 640, content: createElement(Typography.Paragraph, { code: true, copyable: true }, secret) });
}
