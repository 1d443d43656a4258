// An approval page (kind "approvals"): the engine's list screen of requests for the page (approvalScreen),
// rendered by the list machinery: search, table, View with the change, Approve and Reject.
import { use, useMemo } from 'react';
import { approvalScreen } from '../definition/approvals';
import type { ApprovalPage } from '../definition/screen';
import { useEngine } from './EngineContext';
import type { PageViewProps } from './pageViewProps';
import { ScreenPage } from './ScreenPage';

export default function ApprovalsPage({ page, query, onQueryChange }: PageViewProps) {
  const { definitions } = useEngine();
  // The menus and actions a request can have are spread over every page (which screens declare approval).
  const catalogue = use(definitions.loadAll());
  const screen = useMemo(() => approvalScreen(page as ApprovalPage, catalogue), [page, catalogue]);
  return <ScreenPage screen={screen} query={query} onQueryChange={onQueryChange} />;
}
