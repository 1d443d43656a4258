// Vitest's global set-up of the seeded images (tests/server/harness.ts): a folder of this run's SQLite images,
// empty at the start, removed at the end; on PostgreSQL the images are databases of the run's template's name,
// dropped with it (pgTemplate.ts).
import { mkdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder of SQLite images. */
    imageDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = `.tmp/images/${project.name}-${randomBytes(4).toString('hex')}`;
  mkdirSync(dir, { recursive: true });
  project.provide('imageDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
