// Cross checks of a screen's `noOverlap` (engine/definition/overlap.ts): the fields exist and are stored,
// each range is two different fields of the same kind (dates, or numbers), and no field is both a key of
// the group and an end of a range. Problems as '<file>: <json path>: <what>'.
import { resolveField } from './compile';
import { isListScreen, type FieldType, type PageDefinition } from './screen';

const RANGE_KINDS: Partial<Record<FieldType, string>> = { date: 'date', integer: 'number', number: 'number' };

export function checkOverlaps(files: readonly { file: string; screen: PageDefinition }[]): string[] {
  const problems: string[] = [];
  for (const { file, screen } of files) {
    if (!isListScreen(screen) || !screen.noOverlap) continue;
    const report = (path: string, problem: string) => problems.push(`${file}: noOverlap.${path}: ${problem}`);
    const byName = new Map(screen.fields.map((f) => [f.name, f]));
    const known = (name: string, path: string) => {
      const field = byName.get(name);
      if (!field) report(path, `unknown field "${name}"`);
      else if (field.stored === false) report(path, `field "${name}" is not stored: the server compares table columns`);
      return field;
    };
    const rule = screen.noOverlap;
    rule.per.forEach((name, i) => known(name, `per[${i}]`));
    rule.ranges.forEach((range, r) => {
      const from = known(range.from, `ranges[${r}].from`);
      const to = known(range.to, `ranges[${r}].to`);
      if (range.from === range.to) report(`ranges[${r}]`, 'a range is two different fields');
      for (const [end, name] of [['from', range.from], ['to', range.to]] as const) {
        if (rule.per.includes(name)) report(`ranges[${r}].${end}`, `"${name}" is also in "per"`);
      }
      if (!from || !to) return;
      const kinds = [from, to].map((f) => RANGE_KINDS[resolveField(f).type]);
      if (!kinds[0] || kinds[0] !== kinds[1]) report(`ranges[${r}]`, `"${range.from}" and "${range.to}" must both be dates or both numbers`);
    });
  }
  return problems;
}
