// A widget or field whose code (and its library's) loads when a form first draws it.
import { lazy, Suspense, type ComponentType } from 'react';

/** A widget or field whose code loads when it is first drawn; until then its place stays empty. */
export function loadedWhenDrawn<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function WhenDrawn(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
