// The top bar's menu search: type part of a menu's name, group or path; Enter or a click opens it. Only the
// menus of the user's navigation are offered, so a menu the user may not open is never found.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AutoComplete } from 'antd';
// The plain input, not antd's Input with its Search, Password, OTP and TextArea attached (unused here).
import Input from 'antd/es/input/Input';
import { SearchOutlined } from '@ant-design/icons';
import { matchMenus, type MenuChoice } from './breadcrumbs';

/** Enough to choose from while typing; a longer list means the words are too few. */
const MAX_SHOWN = 12;

export function MenuSearch({ choices }: { choices: MenuChoice[] }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const options = useMemo(
    () => matchMenus(choices, typed).slice(0, MAX_SHOWN).map((choice) => ({ value: choice.path, label: <span title={choice.path}>{choice.trail}</span> })),
    [choices, typed],
  );
  return (
    <AutoComplete
      className="app-menu-search"
      options={options}
      value={typed}
      onSearch={setTyped}
      onSelect={(path: string) => {
        setTyped('');
        navigate(path);
      }}
      defaultActiveFirstOption
      popupMatchSelectWidth={360}
    >
      <Input size="small" prefix={<SearchOutlined />} placeholder="Search menu" aria-label="Search menu" allowClear />
    </AutoComplete>
  );
}
