// The browser smoke test of the composed system (issue 38): one spec against a ValueProof that is
// already running — the gateway container of docker-compose.yml, or `npm start` while developing —
// at GATEWAY_URL. No webServer: whoever brought the system up tears it down.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../chromium.ts'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const baseURL = process.env.GATEWAY_URL
if (baseURL === undefined || baseURL.trim() === '') {
  throw new Error('GATEWAY_URL is not set: give the address of the running gateway, e.g. GATEWAY_URL=http://127.0.0.1:8080')
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  forbidOnly: process.env.CI !== undefined,
  workers: 1,
  retries: 0,
  // Containers sharing two cores are slow; each serial step gets this long.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: join(repoRoot, 'test-results', 'deploy'),
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
})
