// What a start plans for the definition files, from the versions stored (server/platform/definitionVersions/definitionVersionRules.ts).
import { describe, expect, it } from 'vitest';
import { planSync, servedKeys, type VersionState } from '../../server/platform/definitionVersions/definitionVersionRules';
import { sha256Hex } from '../../server/platform/core/sha256';

const AT = '2026-01-02T03:04:05.000Z';
const KEY = 'basic-configuration/country.json';
const file = (text: string) => ({ key: KEY, text });
const stored = (version: number, source: 'FILE' | 'STUDIO', status: VersionState['status'], text: string): VersionState => ({ definitionkey: KEY, version, source, status, filehash: sha256Hex(text) });
const brief = (plan: ReturnType<typeof planSync>) => ({ inserts: plan.inserts.map((r) => [r.version, r.source, r.status]), superseded: plan.superseded.map((s) => s.version), conflicts: plan.conflicts });

describe('planSync', () => {
  it('stores a new file as version 1, FILE and ACTIVE, from the system', () => {
    const plan = planSync([file('a')], [], AT);
    expect(plan.inserts).toEqual([{ definitionkey: KEY, version: 1, content: 'a', contenthash: sha256Hex('a'), filehash: sha256Hex('a'), source: 'FILE', status: 'ACTIVE', reason: 'from file', createdby: 'system', createddate: AT, approvedby: null, approveddate: null }]);
  });

  it('plans nothing for a file as its active version was based on', () => {
    expect(brief(planSync([file('a')], [stored(1, 'FILE', 'ACTIVE', 'a')], AT))).toEqual({ inserts: [], superseded: [], conflicts: [] });
    expect(brief(planSync([file('a')], [stored(1, 'FILE', 'SUPERSEDED', 'a'), stored(2, 'STUDIO', 'ACTIVE', 'a')], AT))).toEqual({ inserts: [], superseded: [], conflicts: [] });
  });

  it('supersedes an active FILE version by the changed file', () => {
    expect(brief(planSync([file('b')], [stored(1, 'FILE', 'SUPERSEDED', 'x'), stored(2, 'FILE', 'ACTIVE', 'a')], AT))).toEqual({ inserts: [[3, 'FILE', 'ACTIVE']], superseded: [2], conflicts: [] });
  });

  it('keeps an active STUDIO version over a changed file, storing the file once as a CONFLICT version', () => {
    const versions = [stored(1, 'FILE', 'SUPERSEDED', 'a'), stored(2, 'STUDIO', 'ACTIVE', 'a')];
    expect(brief(planSync([file('b')], versions, AT))).toEqual({ inserts: [[3, 'FILE', 'CONFLICT']], superseded: [], conflicts: [{ key: KEY, active: 2, conflict: 3, stored: true }] });
    expect(brief(planSync([file('b')], [...versions, stored(3, 'FILE', 'CONFLICT', 'b')], AT))).toEqual({ inserts: [], superseded: [], conflicts: [{ key: KEY, active: 2, conflict: 3, stored: false }] });
  });

  it('leaves the versions of a key without a file alone', () => {
    expect(brief(planSync([], [stored(1, 'FILE', 'ACTIVE', 'a')], AT))).toEqual({ inserts: [], superseded: [], conflicts: [] });
  });
});

describe('servedKeys', () => {
  it('serves the active versions of the files, and studio versions whatever the files', () => {
    const active = [
      { definitionkey: 'a.json', source: 'FILE' as const },
      { definitionkey: 'gone.json', source: 'FILE' as const },
      { definitionkey: 'studio.json', source: 'STUDIO' as const },
    ];
    expect([...servedKeys(active, new Set(['a.json']))].sort()).toEqual(['a.json', 'studio.json']);
  });
});
