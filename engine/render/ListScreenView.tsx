// A list screen's page: its records open in a drawer, or as a record page of sections when the screen declares one.
import type { ScreenDefinition } from '../definition/screen';
import { RecordScreen } from './RecordScreen';
import { ScreenPage } from './ScreenPage';

interface ListScreenViewProps {
  screen: ScreenDefinition;
  query: string;
  onQueryChange(query: string): void;
}

export function ListScreenView({ screen, query, onQueryChange }: ListScreenViewProps) {
  // A screen with a record page opens its records at /<menu path>/form/{key}/{section}.
  if (screen.record) return <RecordScreen screen={screen} query={query} onQueryChange={onQueryChange} />;
  return <ScreenPage screen={screen} query={query} onQueryChange={onQueryChange} />;
}
