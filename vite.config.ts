// Build of the single-page app (src/) and the test projects: unit, server (SQLite + PostgreSQL), e2e.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080', '/meta.json': 'http://localhost:8080' } },
  test: {
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // Every server test file owns its database; on PostgreSQL each gets its own schema.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          // A page waited on by expect.poll may take seconds to answer on a busy machine (1 s by default).
          expect: { poll: { timeout: 10_000 } },
          // One browser at a time on two cores.
          fileParallelism: false,
          // A browser test that fails is run once more, so one lost click on a busy CI machine does not
          // stop a landing; the default reporter marks a test that needed it (retry x1).
          retry: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
