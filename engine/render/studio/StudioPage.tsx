// The Definition Studio (page kind "studio"): find a definition, edit its JSON against its schema with the server's
// checks at their places, see the draft drawn live beside it, save it as a draft or submit it for approval, and go
// through its versions. The behaviour lives in useStudioController, useDraftCheck and useHistoryController.
import { Empty } from 'antd';
import { STUDIO_FUNCTION } from '../../definition/studio';
import { useEngine } from '../EngineContext';
import type { PageViewProps } from '../pageViewProps';
import { StudioActions } from './StudioActions';
import { StudioEditor } from './StudioEditor';
import { StudioFinder } from './StudioFinder';
import { StudioHistory } from './StudioHistory';
import { StudioMarks } from './StudioMarks';
import { StudioNotices, StudioProblems } from './StudioNotices';
import { StudioPreview } from './StudioPreview';
import { STUDIO_TEXTS } from './studioTexts';
import { useDraftCheck } from './useDraftCheck';
import { useStudioController } from './useStudioController';
import './studio.css';

export default function StudioPage({ page }: PageViewProps) {
  const { can } = useEngine();
  const studio = useStudioController();
  const { detail } = studio;
  const draft = useDraftCheck(detail?.entry.key, studio.text);
  const canUpdate = can(`${page.menucode}_${STUDIO_FUNCTION}`);

  return (
    <div className="engine-panel engine-card studio-page">
      <h2 className="studio-title">{page.title}</h2>
      <StudioFinder entries={studio.entries} selected={detail?.entry.key} onSelect={(key) => void studio.open(key)} />
      {!detail ? (
        <Empty description={STUDIO_TEXTS.finder} />
      ) : (
        <>
          <div className="studio-heading">
            <strong>{detail.entry.title}</strong> <span className="studio-key">{detail.entry.key}</span> <StudioMarks entry={detail.entry} />
          </div>
          <StudioNotices detail={detail} onOpenDraft={studio.openDraft} onShowConflict={studio.showConflict} />
          <div className="studio-columns">
            <div className="studio-source">
              <StudioEditor start={studio.start} schema={detail.entry.schema} diagnostics={draft.diagnostics} onChange={studio.setText} />
              <StudioProblems problems={draft.elsewhere} />
              {canUpdate && (
                <StudioActions
                  canSubmit={draft.clean && detail.entry.pendingRequest === null}
                  hasDraft={detail.draft !== null}
                  busy={studio.busy}
                  onSaveDraft={() => void studio.saveDraft()}
                  onDiscard={() => void studio.discardDraft()}
                  onSubmit={studio.submit}
                />
              )}
            </div>
            <div className="studio-preview">
              <h3>{STUDIO_TEXTS.preview}</h3>
              <StudioPreview schema={detail.entry.schema} draft={draft.preview} />
            </div>
          </div>
          <StudioHistory key={`${detail.entry.key} ${detail.entry.version} ${detail.entry.pendingRequest}`} definitionKey={detail.entry.key} canUpdate={canUpdate} onRequested={() => void studio.refresh()} />
        </>
      )}
    </div>
  );
}
