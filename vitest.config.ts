import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{packages,services,gateway,embedded,tests,scripts}/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/deploy/containers/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites share one PostgreSQL and one NATS; files still run in parallel workers,
    // each suite uses its own database / stream names.
    pool: 'forks',
  },
})
