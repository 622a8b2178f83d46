import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (no servers, fast), `integration` (files named *.int.test.ts; they talk to the
 * real PostgreSQL, RabbitMQ and Redis on the machine, see test-support/servers.ts) and `e2e` (browser
 * tests in e2e/*.e2e.test.ts: built front ends, the embedded app in a child process, Debian's Chromium;
 * one file at a time, they are heavy).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{packages,services,gateway,shell,mfe-*}/**/test/**/*.test.ts',
            'infra/test/**/*.test.ts',
            'scripts/test/**/*.test.ts',
            'bench/test/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Some unit suites start the embedded system (PGlite, seeders) in beforeAll: seconds, more on a busy machine.
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{packages,services,gateway}/**/test/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Browser tests assert what a user would see with `expect.poll` (issue 19): vitest's default of
          // 1 s is too short for a re-render on a busy machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
