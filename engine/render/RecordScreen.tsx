// A list screen whose records open as record pages: the list at the menu's path, the record page at
// /<menu path>/form/{key}/{section} (the menu tree's extra route; route params from react-router).
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Spin } from 'antd';
import { NEW_RECORD, recordPagePath } from '../definition/recordPage';
import type { ScreenDefinition } from '../definition/screen';
import { useEngine } from './EngineContext';

// The record page loads with the first record opened, the list with the list: a record opened by its link does
// not bring the list's table and search form.
const RecordPage = lazy(() => import('./RecordPage'));
const ScreenPage = lazy(() => import('./ScreenPage').then((m) => ({ default: m.ScreenPage })));

interface RecordScreenProps {
  screen: ScreenDefinition;
  query: string;
  onQueryChange(query: string): void;
}

export function RecordScreen({ screen, query, onQueryChange }: RecordScreenProps) {
  const params = useParams();
  const navigate = useNavigate();
  const { definitions } = useEngine();
  const menuPath = definitions.menus.find((m) => m.menucode === screen.menucode)?.path ?? '/';
  const keyField = screen.resource.key[0]!;
  const recordKey = params[keyField];
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      {recordKey === undefined ? (
        <ScreenPage screen={screen} query={query} onQueryChange={onQueryChange} onOpenRecord={(row) => navigate(recordPagePath(menuPath, row ? String(row[keyField]) : NEW_RECORD))} />
      ) : (
        <RecordPage key={recordKey} screen={screen} menuPath={menuPath} recordKey={recordKey} section={params.section} detail={params.detail} />
      )}
    </Suspense>
  );
}
