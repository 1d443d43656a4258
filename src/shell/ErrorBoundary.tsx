// A page that throws shows 'Something Went Wrong' with its message instead of a blank screen.
import { Component, type ReactNode } from 'react';
import { SomethingWentWrong } from '../pages/ErrorPages';

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
    return this.state.error ? <SomethingWentWrong message={this.state.error.message} /> : this.props.children;
  }
}
