// What the open definition has waiting: the caller's draft (offered), a file that changed under the studio's version
// (its text can be opened), a request waiting for approval, and the problems that have no place in the text.
import { Alert, Button, Space } from 'antd';
import type { StudioDetail, StudioProblem } from '../../definition/studio';
import { STUDIO_TEXTS } from './studioTexts';

interface StudioNoticesProps {
  detail: StudioDetail;
  onOpenDraft(): void;
  onShowConflict(): void;
}

export function StudioNotices({ detail, onOpenDraft, onShowConflict }: StudioNoticesProps) {
  const { entry, draft, conflict } = detail;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} className="studio-notices">
      {draft && (
        <Alert type="info" showIcon title={`${STUDIO_TEXTS.draftOffered} (${draft.updateddate})`} action={<Button size="small" onClick={onOpenDraft}>{STUDIO_TEXTS.openDraft}</Button>} />
      )}
      {conflict && (
        <Alert type="error" showIcon title={`${STUDIO_TEXTS.conflict} (version ${conflict.version})`} action={<Button size="small" onClick={onShowConflict}>{STUDIO_TEXTS.showConflict}</Button>} />
      )}
      {entry.pendingRequest !== null && <Alert type="warning" showIcon title={STUDIO_TEXTS.waiting(entry.pendingRequest)} />}
    </Space>
  );
}

/** Problems of other definitions, or of the whole text (those with a path show in the editor). */
export function StudioProblems({ problems }: { problems: StudioProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      className="studio-problems"
      title={STUDIO_TEXTS.problems}
      description={
        <ul>
          {problems.map((problem, index) => (
            <li key={index}>{problem.key ? `${problem.key}${problem.path ? ` ${problem.path}` : ''}: ${problem.message}` : problem.path ? `${problem.path}: ${problem.message}` : problem.message}</li>
          ))}
        </ul>
      }
    />
  );
}
