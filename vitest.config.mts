import { defineConfig } from 'vitest/config'

// Projects run in one `vitest run`. Server and core tests start real servers on
// real databases (SQLite files and PostgreSQL); e2e drives the built renderer in
// Debian's Chromium through the web host.
export default defineConfig({
  test: {
    // Two test files at a time, whatever the cores: Vitest's default (cores − 1) is one on a
    // 2-core CI machine, which ran the whole suite file after file (1,606 s) while its tests
    // mostly wait on databases, servers and Chromium. e2e files stay one at a time among themselves.
    maxWorkers: 2,
    projects: [
      // Some unit tests run lint or electron-builder's config reader: under a loaded CI machine
      // Vitest's 5 s / 10 s defaults cut them off, as they would any of the other projects.
      { test: { name: 'unit', include: ['src-shared/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      { test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      { test: { name: 'core', include: ['tests/core/**/*.test.ts'], environment: 'node', testTimeout: 30000, hookTimeout: 60000 } },
      // Seeded property and crash tests of the offline outbox and sync (they print their seed on failure).
      { test: { name: 'sync', include: ['tests/sync/**/*.test.ts'], environment: 'node', testTimeout: 300000, hookTimeout: 60000 } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          // expect.poll waits for what a user would see; its 1 s default is a race on a loaded
          // 2-core CI machine (a member's sign-in is hashed at low priority), not a check of speed.
          expect: { poll: { timeout: 10000 } },
          fileParallelism: false,
        },
      },
    ],
  },
})
