// The top bar's look-up of one record by an exact value (a member by card number), from any page.
import { useState } from 'react';
// antd's Search input alone, not Input with its Password, OTP and TextArea attached (unused in the shell).
import Search from 'antd/es/input/Search';
import type { FlatMenuItem, QuickSearch as QuickSearchDefinition } from '../../engine/definition/menuTree';
import { useQuickSearch } from './useQuickSearch';

export function QuickSearch({ menu }: { menu: FlatMenuItem & { quickSearch: QuickSearchDefinition } }) {
  const { search, searching } = useQuickSearch(menu);
  const [typed, setTyped] = useState('');
  return (
    <Search
      className="app-quick-search"
      size="small"
      placeholder={menu.quickSearch.placeholder}
      aria-label={menu.quickSearch.placeholder}
      value={typed}
      loading={searching}
      onChange={(event) => setTyped(event.target.value)}
      onSearch={async (value) => {
        if (await search(value)) setTyped('');
      }}
    />
  );
}
