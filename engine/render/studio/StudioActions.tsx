// The draft's buttons: Save Draft, Discard, and Submit (disabled while the text does not parse or has problems),
// which asks the reason first.
import { useState } from 'react';
import { Button, Space } from 'antd';
import { ReasonConfirm } from '../ReasonConfirm';
import { STUDIO_TEXTS } from './studioTexts';

interface StudioActionsProps {
  canSubmit: boolean;
  hasDraft: boolean;
  busy: boolean;
  onSaveDraft(): void;
  onDiscard(): void;
  /** Answers the request's number, or nothing when refused. */
  onSubmit(reason: string): Promise<number | undefined>;
}

export function StudioActions({ canSubmit, hasDraft, busy, onSaveDraft, onDiscard, onSubmit }: StudioActionsProps) {
  const [asking, setAsking] = useState(false);
  return (
    <Space className="studio-actions" wrap>
      <Button onClick={onSaveDraft} loading={busy}>
        {STUDIO_TEXTS.saveDraft}
      </Button>
      <Button onClick={onDiscard} disabled={!hasDraft || busy}>
        {STUDIO_TEXTS.discard}
      </Button>
      <Button type="primary" onClick={() => setAsking(true)} disabled={!canSubmit || busy}>
        {STUDIO_TEXTS.submit}
      </Button>
      {asking && (
        <ReasonConfirm
          title={STUDIO_TEXTS.submitTitle}
          onCancel={() => setAsking(false)}
          onConfirm={async (reason) => {
            setAsking((await onSubmit(reason)) === undefined);
            return undefined;
          }}
        />
      )}
    </Space>
  );
}
