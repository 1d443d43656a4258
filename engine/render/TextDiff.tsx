// A long text's change (a definition's JSON) side by side: the current lines beside the proposed ones, each with its
// number, changed lines marked. Loaded with the first such change shown (engine/definition/textDiff.ts compares).
import { useMemo } from 'react';
import { sideBySide, type DiffSide } from '../definition/textDiff';
import './textDiff.css';

const cells = (side: DiffSide | undefined, changed: boolean, kind: 'current' | 'proposed') => [
  <td key={`${kind}-no`} className="engine-diff-no">{side?.line}</td>,
  <td key={kind} className={changed ? `engine-diff-${kind === 'current' ? 'removed' : 'added'}` : undefined}>{side?.text}</td>,
];

export default function TextDiff({ label, current, proposed }: { label: string; current: string; proposed: string }) {
  const rows = useMemo(() => sideBySide(current, proposed), [current, proposed]);
  return (
    <table className="engine-diff" aria-label={label}>
      <colgroup>
        <col className="engine-diff-no" />
        <col />
        <col className="engine-diff-no" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th colSpan={2}>Current</th>
          <th colSpan={2}>Proposed</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} className={row.changed ? 'engine-diff-changed' : undefined}>
            {cells(row.current, row.changed, 'current')}
            {cells(row.proposed, row.changed, 'proposed')}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
