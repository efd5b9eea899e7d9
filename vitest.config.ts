import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that hold real time to tight bounds (requests per second at the simulator, sockets closed
 * within a bound, latency limits): they run alone, after the rest, so no other file shares the
 * cores with them.
 */
const ALONE = [
  'test/e2e/resilience.test.ts',
  'test/http/slow-clients.test.ts',
  'test/console/performance.test.ts',
  'test/attack/registry-chaos.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each worker evaluates the service's modules once and runs file after file on them, where
    // isolation would evaluate them again for every file: the suite took twice as long that way.
    // No test mocks a module, and every file builds its own app, stores and servers.
    isolate: false,
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          // On SQLite alone, one file per core and one more: most files spend their time waiting
          // on sockets, child processes and timers. With PostgreSQL the database server shares
          // the cores, and files that wait on workers under a deadline ran out of it: one at a time.
          maxWorkers: process.env.TEST_POSTGRES_URL ? 1 : availableParallelism() + 1,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
