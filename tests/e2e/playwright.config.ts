import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
// E2E_PORT lets several checkouts run their browser tests side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${port}`
/** The fake HubSpot's port is the product's plus this (hubspot.spec.ts starts it). */
export const HUBSPOT_FAKE_PORT_OFFSET = 20_000

// The runner and every worker evaluate this file. The runner makes a fresh data directory per run
// (workers inherit it through the environment) and removes it when it exits, which is after
// the web server has stopped. A directory given by the caller is kept.
function dataDirectory(): string {
  const given = process.env.VALUEPROOF_E2E_DATA_DIR
  if (given !== undefined) return given
  const created = mkdtempSync(join(tmpdir(), 'valueproof-e2e-'))
  process.env.VALUEPROOF_E2E_DATA_DIR = created
  process.once('exit', () => rmSync(created, { recursive: true, force: true }))
  return created
}
const dataDir = dataDirectory()

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  forbidOnly: process.env.CI !== undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: join(repoRoot, 'test-results'),
  reporter: [['list'], ['html', { open: 'never', outputFolder: join(repoRoot, 'playwright-report') }]],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
  // The whole product in one process, compiled as `npm start` runs it (scripts/prepare.ts builds dist/):
  // the embedded launcher serves web/dist and the API.
  webServer: {
    command: 'node --max-semi-space-size=32 dist/embedded/main.mjs',
    cwd: repoRoot,
    // Every test registers its users from this one address: the hourly limit per address (decision 091) is lifted.
    // The support contact is configuration: /legal's test expects these, not the built-in defaults.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
      SUPPORT_EMAIL: 'help@e2e.valueproof.test',
      SUPPORT_PHONE: '+46 8 555 010 20',
      // hubspot.spec.ts runs a fake HubSpot here while it tests (nothing else calls HubSpot).
      HUBSPOT_API_URL: `http://127.0.0.1:${port + HUBSPOT_FAKE_PORT_OFFSET}`,
    },
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
