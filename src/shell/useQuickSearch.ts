// The top bar's record look-up (a member by card number): the menu's list screen is asked for rows whose
// declared field is exactly the value typed; one row opens its record page. The server keeps to the user's row
// scope, so a record outside it answers as one that does not exist.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App } from 'antd';
import { isSuccess } from '../../engine/api/envelope';
import type { FlatMenuItem, QuickSearch } from '../../engine/definition/menuTree';
import { recordPagePath } from '../../engine/definition/recordPage';
import { criteriaFromSearch } from '../../engine/definition/searchCriteria';
import { isListScreen, type ScreenDefinition } from '../../engine/definition/screen';
import { showErrorToast } from '../../engine/render/errorToast';
import { api } from '../api';
import { currentDefinitions } from './definitionSource';

async function listScreenOf(menucode: string): Promise<ScreenDefinition | undefined> {
  const page = await currentDefinitions().loadPage(menucode);
  if (page.kind === 'readonly') return listScreenOf(page.screen);
  return isListScreen(page) ? page : undefined;
}

export function useQuickSearch(menu: FlatMenuItem & { quickSearch: QuickSearch }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [searching, setSearching] = useState(false);

  const search = useCallback(
    async (typed: string) => {
      const value = typed.trim();
      if (!value) return false;
      setSearching(true);
      const screen = await listScreenOf(menu.menucode);
      if (!screen) return setSearching(false);
      const criteria = { ...criteriaFromSearch(screen, {}), [menu.quickSearch.field]: value };
      const answer = await api.call<Record<string, unknown>[]>(`/api/${screen.resource.name}/list`, { paging: { limit: 1, page: 1 }, criteria });
      setSearching(false);
      const row = isSuccess(answer.status.responsecode) ? answer.result?.[0] : undefined;
      if (!isSuccess(answer.status.responsecode)) showErrorToast(message, answer.status.responsemessage);
      else if (!row) message.warning(menu.quickSearch.notFound);
      else {
        navigate(recordPagePath(menu.path!, String(row[screen.resource.key[0]!])));
        return true;
      }
      return false;
    },
    [menu, message, navigate],
  );
  return { search, searching };
}
