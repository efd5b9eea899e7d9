import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The timing suite: files that hold real time to tight bounds (requests per second at the
 * simulator, sockets closed within a bound, latency limits). A machine busy with other work can
 * break such a bound, so `npm test` leaves them out and `npm run test:timing` runs them, one file
 * at a time, on a machine kept otherwise quiet (CI runs it alone, after the suite).
 */
const TIMING = [
  'test/e2e/resilience.test.ts',
  'test/http/slow-clients.test.ts',
  'test/console/performance.test.ts',
  'test/attack/registry-chaos.test.ts',
];

/**
 * Files that test the repository's tooling rather than the service on its runtime: the build
 * script, the SDK's packed tarball, the generated client, the OpenAPI lints, and the summary line
 * of the test runs. With
 * TEST_SKIP_TOOLING set they are left out: CI runs them once, on the pinned Node.js, and not again
 * on every other Node.js line it checks.
 */
const TOOLING = [
  'test/ops/build-if-stale.test.ts',
  'test/client/sdk.package.test.ts',
  'test/client/generated.test.ts',
  'test/http/portable-document.test.ts',
  'test/http/reference.test.ts',
  'test/helpers/summary-reporter.test.ts',
];

/**
 * Files that drive the console in a real Chromium: what they check is the browser's view of the
 * pages. With TEST_SKIP_TOOLING set they are left out too: on the other Node.js lines CI checks,
 * the console's server side is tested by the console files that speak HTTP to it.
 */
const BROWSER = [
  'test/console/browser.test.ts',
  'test/console/readable.test.ts',
  'test/console/browser-guards.test.ts',
  'test/console/browser-cookie.test.ts',
  'test/console/decide.test.ts',
  'test/console/cross-site.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    // Generous: on a busy 2-core machine a child process takes many seconds to start (startService
    // waits up to 90 s). A slow machine slows the suite down; it must not fail it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
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
          exclude: process.env.TEST_SKIP_TOOLING ? [...TIMING, ...TOOLING, ...BROWSER] : TIMING,
          // One file per core and one more: most files spend their time waiting on sockets, child
          // processes and timers. With PostgreSQL the database server shares the cores: one per core.
          maxWorkers: availableParallelism() + (process.env.TEST_POSTGRES_URL ? 0 : 1),
        },
      },
      {
        extends: true,
        test: { name: 'timing', include: TIMING, maxWorkers: 1 },
      },
    ],
  },
});
