import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (no servers, fast) and `integration` (files named *.int.test.ts; they talk to the
 * real PostgreSQL, RabbitMQ and Redis on the machine, see test-support/servers.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{packages,services,gateway}/**/test/**/*.test.ts'],
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
    ],
  },
});
