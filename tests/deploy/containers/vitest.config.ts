// The tests that need the composed system running (scripts/deploy-test.sh brings it up and sets
// GATEWAY_URL); the main run (vitest.config.ts) leaves this folder out.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/deploy/containers/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
})
