// The studio's finder: every definition, found by its title, menu path or group, with its marks.
import { memo } from 'react';
import { Select } from 'antd';
import type { StudioEntry } from '../../definition/studio';
import { StudioMarks } from './StudioMarks';
import { STUDIO_TEXTS } from './studioTexts';

/** What a definition is found by, in lower case. */
const searchText = (entry: StudioEntry) => [entry.title, entry.path, entry.group, entry.key, entry.menucode].filter(Boolean).join(' ').toLowerCase();

interface StudioFinderProps {
  entries: StudioEntry[];
  selected?: string;
  onSelect(key: string): void;
}

function Finder({ entries, selected, onSelect }: StudioFinderProps) {
  const options = entries.map((entry) => ({
    value: entry.key,
    search: searchText(entry),
    title: entry.title,
    label: (
      <span className="studio-option">
        <span className="studio-option-title">{entry.title}</span>
        <span className="studio-option-where">{[entry.group, entry.path ?? entry.key].filter(Boolean).join(' · ')}</span>
        <StudioMarks entry={entry} />
      </span>
    ),
  }));
  return (
    <Select
      className="studio-finder"
      showSearch={{ filterOption: (input, option) => !!option?.search.includes(input.toLowerCase()) }}
      placeholder={STUDIO_TEXTS.finder}
      aria-label={STUDIO_TEXTS.finder}
      value={selected}
      options={options}
      onChange={onSelect}
      optionLabelProp="title"
      style={{ width: '100%' }}
    />
  );
}

/** Drawn again for new definitions or another one open, not for each keystroke in the editor (onSelect is the same act). */
export const StudioFinder = memo(Finder, (before, after) => before.entries === after.entries && before.selected === after.selected);
