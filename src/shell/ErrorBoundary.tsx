// A page that throws shows 'Something Went Wrong' with its message instead of a blank screen. The full error page
// (antd's Result and its illustration) loads only when a page fails; until then a plain line says the same.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { ERROR_TEXTS } from '../pages/errorTexts';

const SomethingWentWrong = lazy(() => import('../pages/ErrorPages').then((m) => ({ default: m.SomethingWentWrong })));

interface State {
  error: Error | undefined;
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    // Another page: try again.
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { message } = this.state.error;
    return (
      <Suspense
        fallback={
          <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
            {ERROR_TEXTS.wrong}: {message}
          </div>
        }
      >
        <SomethingWentWrong message={message} />
      </Suspense>
    );
  }
}
