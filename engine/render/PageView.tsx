// The engine's one entry point for the router: renders a definition page of any kind. Each page kind
// registers its renderer here (loaded lazily, so a kind's code loads with its first page).
import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import { isListScreen, type PageBase, type PageKind } from '../definition/screen';
import { ListScreenView } from './ListScreenView';
import { PageRendererContext } from './EngineContext';
import type { PageViewProps } from './pageViewProps';

type OtherKind = Exclude<PageKind, 'list'>;

/** Renderers of the page kinds other than the list screen, by kind (each a lazy component). */
const KIND_RENDERERS: Partial<Record<OtherKind, ComponentType<PageViewProps>>> = {
  panels: lazy(() => import('./PanelPage')),
  approvals: lazy(() => import('./ApprovalsPage')),
  wizard: lazy(() => import('./WizardFlow')),
  readonly: lazy(() => import('./ReadOnlyPage')),
  report: lazy(() => import('./ReportPage')),
  studio: lazy(() => import('./studio/StudioPage')),
};

export function PageView(props: PageViewProps) {
  const { page } = props;
  if (isListScreen(page)) return <ListScreenView screen={page} query={props.query} onQueryChange={props.onQueryChange} />;
  const kind = (page as { kind: OtherKind }).kind;
  const Renderer = KIND_RENDERERS[kind];
  if (!Renderer) throw new Error(`No renderer for page kind "${kind}" (${(page as PageBase).menucode})`);
  return (
    <PageRendererContext.Provider value={PageView}>
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
        <Renderer {...props} />
      </Suspense>
    </PageRendererContext.Provider>
  );
}
