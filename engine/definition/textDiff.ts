// Two texts of many lines (a definition's JSON now and as proposed) compared line by line, as side-by-side rows:
// unchanged lines face each other, a changed block's removed lines face its added ones.
import { diffLines } from 'diff';

export interface DiffSide {
  /** 1, 2, ... in its own text. */
  line: number;
  text: string;
}

export interface DiffRow {
  current?: DiffSide;
  proposed?: DiffSide;
  changed: boolean;
}

const linesOf = (value: string) => value.replace(/\n$/, '').split('\n');

export function sideBySide(current: string, proposed: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let left = 1;
  let right = 1;
  let removed: string[] = [];
  const flush = (added: string[]) => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++) {
      rows.push({
        current: i < removed.length ? { line: left++, text: removed[i]! } : undefined,
        proposed: i < added.length ? { line: right++, text: added[i]! } : undefined,
        changed: true,
      });
    }
    removed = [];
  };
  for (const part of diffLines(current, proposed)) {
    const lines = linesOf(part.value);
    if (part.removed) removed.push(...lines);
    else if (part.added) flush(lines);
    else {
      flush([]);
      for (const text of lines) rows.push({ current: { line: left++, text }, proposed: { line: right++, text }, changed: false });
    }
  }
  flush([]);
  return rows;
}
