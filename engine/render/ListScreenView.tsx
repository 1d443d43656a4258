// A list screen's page: its records open in a drawer, or as a record page of sections when the screen declares one.
// The list (its table, search form and bulk controls) loads with the list itself, so a record page opened by its
// link does not bring it.
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import type { ScreenDefinition } from '../definition/screen';
import { RecordScreen } from './RecordScreen';

const ScreenPage = lazy(() => import('./ScreenPage').then((m) => ({ default: m.ScreenPage })));

interface ListScreenViewProps {
  screen: ScreenDefinition;
  query: string;
  onQueryChange(query: string): void;
}

export function ListScreenView({ screen, query, onQueryChange }: ListScreenViewProps) {
  // A screen with a record page opens its records at /<menu path>/form/{key}/{section}.
  if (screen.record) return <RecordScreen screen={screen} query={query} onQueryChange={onQueryChange} />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <ScreenPage screen={screen} query={query} onQueryChange={onQueryChange} />
    </Suspense>
  );
}
