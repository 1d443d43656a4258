// A secret the server keeps only as a hash (an API client's secret), shown once in a dialog to copy: the
// browser keeps it nowhere and the server cannot show it again.
import { createElement, lazy, Suspense } from 'react';
import type { App } from 'antd';

type Modal = ReturnType<typeof App.useApp>['modal'];

const SecretText = lazy(() => import('./SecretText'));

/** Shows the answer's result.secret under the answer's message. */
export function revealSecret(modal: Modal, title: string, result: unknown): void {
  const secret = String((result as { secret?: string } | undefined)?.secret ?? '');
  modal.info({ title, width: 640, content: createElement(Suspense, { fallback: secret }, createElement(SecretText, { secret })) });
}
