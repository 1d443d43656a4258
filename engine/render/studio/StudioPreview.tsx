// The draft drawn live by the engine's own renderer (PageView), with the draft in its page's place and nothing saved.
import { memo, useContext, useMemo, useState } from 'react';
import { Alert } from 'antd';
import type { PageDefinition } from '../../definition/screen';
import type { DefinitionSchemaName } from '../../definition/studio';
import { EngineContext, PageRendererContext, useEngine } from '../EngineContext';
import { PreviewBoundary } from './PreviewBoundary';
import { previewServices } from './previewServices';
import { STUDIO_TEXTS } from './studioTexts';

/** A page the preview can draw: a page definition (not the menu tree or the selectors), not the studio itself. */
const drawable = (schema: DefinitionSchemaName, value: unknown): value is PageDefinition =>
  schema === 'screen' && typeof value === 'object' && value !== null && typeof (value as PageDefinition).menucode === 'string' && (value as PageDefinition).kind !== 'studio';

/** Drawn again only for a new draft (not for each keystroke the studio re-renders with). */
export const StudioPreview = memo(function StudioPreview({ schema, draft }: { schema: DefinitionSchemaName; draft: unknown }) {
  const engine = useEngine();
  // PageView, as it drew this page: the draft is drawn by the same renderer.
  const PageView = useContext(PageRendererContext)!;
  const [query, setQuery] = useState('');
  const page = drawable(schema, draft) ? draft : undefined;
  const services = useMemo(() => page && previewServices(engine, page), [engine, page]);
  if (!page || !services) return <Alert type="info" showIcon title={STUDIO_TEXTS.previewNone} />;
  return (
    <div className="studio-preview-page" data-testid="studio-preview">
      <Alert type="info" showIcon banner title={STUDIO_TEXTS.previewNothingSaved} />
      <PreviewBoundary resetKey={page}>
        <EngineContext.Provider value={services}>
          <PageView page={page} query={query} onQueryChange={setQuery} />
        </EngineContext.Provider>
      </PreviewBoundary>
    </div>
  );
});
