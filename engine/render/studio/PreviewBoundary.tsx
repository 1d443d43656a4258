// Keeps a draft the renderer cannot draw (a half-typed definition) from taking the studio down: shows why instead,
// and tries again with the next draft.
import { Component, type ReactNode } from 'react';
import { Alert } from 'antd';
import { STUDIO_TEXTS } from './studioTexts';

interface PreviewBoundaryProps {
  /** A new draft: the preview is drawn again. */
  resetKey: unknown;
  children: ReactNode;
}

export class PreviewBoundary extends Component<PreviewBoundaryProps, { error?: Error; resetKey: unknown }> {
  override state: { error?: Error; resetKey: unknown } = { resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: PreviewBoundaryProps, state: { error?: Error; resetKey: unknown }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.error) return <Alert type="warning" showIcon title={STUDIO_TEXTS.previewBroken} description={this.state.error.message} />;
    return this.props.children;
  }
}
